// The header from C++: RAII wrappers that free through kumite's own functions (the pattern
// docs/embedding.md shows). Built and run by tests/test_ffi.py.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "kumite.h"

struct GameFree { void operator()(kumite_game *g) const { kumite_game_free(g); } };
struct StateFree { void operator()(kumite_state *s) const { kumite_state_free(s); } };
struct StringFree { void operator()(char *s) const { kumite_string_free(s); } };
using Game = std::unique_ptr<kumite_game, GameFree>;
using State = std::unique_ptr<kumite_state, StateFree>;
using String = std::unique_ptr<char, StringFree>;

static void check(bool ok) {
    if (!ok) {
        const char *message = kumite_last_error();
        throw std::runtime_error(message ? message : "kumite call failed");
    }
}

int main() {
    Game game(kumite_game_new("tekken", R"({"heat": true})"));
    check(game != nullptr);
    State state(kumite_state_new(game.get(), 4));
    check(state != nullptr);
    std::vector<int32_t> legal(static_cast<size_t>(kumite_game_num_actions(game.get())));
    while (kumite_state_current_player(state.get()) != KUMITE_TERMINAL) {
        int32_t n = kumite_state_legal_actions(state.get(), legal.data(), static_cast<int32_t>(legal.size()));
        check(n > 0);
        check(kumite_state_apply(state.get(), legal[0]) == KUMITE_OK);
    }
    String json(kumite_state_to_json(state.get()));
    check(json != nullptr);
    State back(kumite_state_from_json(game.get(), json.get()));
    check(back != nullptr);
    try {
        check(kumite_state_apply(back.get(), 0) == KUMITE_OK);  // the game is over
        return 1;
    } catch (const std::runtime_error &e) {
        std::printf("c++: ok (%zu bytes of JSON; apply after the end: %s)\n", std::string(json.get()).size(),
                    kumite_status_string(kumite_last_error_code()));
    }
    return 0;
}
