//! `include/kumite.h` is generated from this crate by cbindgen; this test fails while the
//! committed header differs from what the source generates. Regenerate after an API change with
//! `KUMITE_REGEN_HEADER=1 cargo test -p kumite-ffi --test header` (and bump `KUMITE_ABI_VERSION`
//! in `src/lib.rs` if the change breaks programs built against the old header).

use std::path::Path;

#[test]
fn committed_header_is_what_cbindgen_generates() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("cbindgen.toml");
    // The version comes from Cargo.toml, so a version bump shows up here as a stale header.
    config.after_includes = Some(format!(
        "\n// The version of the library this header was generated from (see `kumite_version()`).\n\
         #define KUMITE_VERSION \"{}\"\n\
         #define KUMITE_VERSION_MAJOR {}\n\
         #define KUMITE_VERSION_MINOR {}\n\
         #define KUMITE_VERSION_PATCH {}",
        env!("CARGO_PKG_VERSION"),
        env!("CARGO_PKG_VERSION_MAJOR"),
        env!("CARGO_PKG_VERSION_MINOR"),
        env!("CARGO_PKG_VERSION_PATCH"),
    ));
    // lib.rs leads cbindgen to the modules it declares.
    let builder = cbindgen::Builder::new().with_config(config).with_src(crate_dir.join("src/lib.rs"));
    let mut generated = Vec::new();
    builder.generate().expect("cbindgen").write(&mut generated);
    let generated = String::from_utf8(generated).expect("UTF-8 header");

    let path = crate_dir.join("../../include/kumite.h");
    if std::env::var_os("KUMITE_REGEN_HEADER").is_some() {
        std::fs::write(&path, &generated).expect("write include/kumite.h");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != generated {
        let (line, (old, new)) = committed
            .lines()
            .chain(std::iter::repeat("<end of file>"))
            .zip(generated.lines().chain(std::iter::repeat("<end of file>")))
            .take(committed.lines().count().max(generated.lines().count()) + 1)
            .enumerate()
            .find(|(_, (a, b))| a != b)
            .unwrap_or((0, ("(line endings)", "(line endings)")));
        panic!(
            "include/kumite.h is stale (line {}: committed {old:?}, generated {new:?}); regenerate it \
             with `KUMITE_REGEN_HEADER=1 cargo test -p kumite-ffi --test header`",
            line + 1
        );
    }
}
