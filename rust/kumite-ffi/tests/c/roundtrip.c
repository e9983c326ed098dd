/* Every game through the C ABI: plays, writes each position as JSON and reads it back, so a
 * valgrind run covers the state loaders of the optimised library (tests/test_ffi.py). */
#include <stdio.h>
#include <stdlib.h>
#include "kumite.h"
int main(void) {
    const char *games[] = {"tekken", "fatal_fight", "senjutsu", "ufs"};
    int32_t legal[4096];
    for (int g = 0; g < 4; g++) {
        struct kumite_game *game = kumite_game_new(games[g], NULL);
        for (int seed = 0; seed < 3; seed++) {
            struct kumite_state *s = kumite_state_new(game, seed);
            for (int step = 0; step < 60 && kumite_state_current_player(s) != KUMITE_TERMINAL; step++) {
                int32_t n = kumite_state_legal_actions(s, legal, 4096);
                kumite_state_apply(s, legal[(step * 7 + seed) % n]);
                char *json = kumite_state_to_json(s);
                struct kumite_state *t = kumite_state_from_json(game, json);
                if (!t) { fprintf(stderr, "%s\n", kumite_last_error()); return 1; }
                kumite_state_free(t);
                kumite_string_free(json);
            }
            kumite_state_free(s);
        }
        kumite_game_free(game);
    }
    puts("ok");
    return 0;
}
