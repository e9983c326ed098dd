/* Plays one full game through kumite's C ABI: player 0 is information-set MCTS, every other
 * player picks uniformly at random. Prints the moves MCTS makes and the result.
 *
 *   make c-example                       # from the repository root: builds and runs this
 *   ./play [seed] [iterations] [game]    # defaults: 1 500 tekken
 *
 * Ownership (docs/embedding.md): every kumite_*_new / _clone / _from_json result is freed with
 * its _free; every `char *` kumite returns is freed with kumite_string_free; `const char *`
 * results belong to kumite.
 */
#include <stdio.h>
#include <stdlib.h>

#include "kumite.h"

/* Prints the failed call, kumite's message and status, and returns 1 (the exit code). */
static int fail(const char *what) {
    const char *message = kumite_last_error();
    fprintf(stderr, "%s failed: %s (%s)\n", what, message ? message : "no message",
            kumite_status_string(kumite_last_error_code()));
    return 1;
}

/* A tiny seeded generator for the random player (xorshift64*), so runs repeat exactly. */
static uint64_t next_random(uint64_t *s) {
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

static int play(kumite_game *game, uint64_t seed, int32_t iterations) {
    int status = 0;
    int32_t num_actions = kumite_game_num_actions(game);
    int32_t num_players = kumite_game_num_players(game);
    int32_t *legal = malloc(sizeof *legal * (size_t)num_actions);
    float *returns = malloc(sizeof *returns * (size_t)num_players);
    kumite_state *state = kumite_state_new(game, seed);
    uint64_t rng = seed * 2 + 1;
    int32_t moves = 0;

    if (!legal || !returns || !state) {
        status = state ? 1 : fail("kumite_state_new");
        goto done;
    }
    for (;;) {
        int32_t player = kumite_state_current_player(state);
        int32_t action;
        if (player == KUMITE_TERMINAL) break;
        if (player < 0) { status = fail("kumite_state_current_player"); goto done; }
        if (player == 0) {
            char *text;
            action = kumite_mcts_choose(state, iterations, seed + (uint64_t)moves);
            if (action < 0) { status = fail("kumite_mcts_choose"); goto done; }
            text = kumite_state_action_to_string(state, action);
            if (!text) { status = fail("kumite_state_action_to_string"); goto done; }
            printf("move %3d  MCTS    %s\n", moves, text);
            kumite_string_free(text);
        } else {
            /* A buffer of num_actions always holds every legal action. */
            int32_t count = kumite_state_legal_actions(state, legal, num_actions);
            if (count <= 0) { status = fail("kumite_state_legal_actions"); goto done; }
            action = legal[next_random(&rng) % (uint64_t)count];
        }
        if (kumite_state_apply(state, action) != KUMITE_OK) { status = fail("kumite_state_apply"); goto done; }
        moves++;
    }

    if (kumite_state_returns(state, returns, num_players) != num_players) {
        status = fail("kumite_state_returns");
        goto done;
    }
    printf("game over after %d moves; returns:", moves);
    for (int32_t p = 0; p < num_players; p++) printf(" %+.1f", returns[p]);
    printf("\nresult: MCTS %s\n", returns[0] > 0 ? "wins" : returns[0] < 0 ? "loses" : "draws");

done:
    kumite_state_free(state); /* NULL is fine */
    free(returns);
    free(legal);
    return status;
}

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    int32_t iterations = argc > 2 ? (int32_t)atoi(argv[2]) : 500;
    const char *name = argc > 3 ? argv[3] : "tekken";
    kumite_game *game;
    int status;

    if (kumite_abi_version() != KUMITE_ABI_VERSION) {
        fprintf(stderr, "libkumite_ffi has ABI %u, this program was built for %d\n",
                (unsigned)kumite_abi_version(), KUMITE_ABI_VERSION);
        return 1;
    }
    game = kumite_game_new(name, NULL); /* NULL options: the defaults */
    if (!game) return fail("kumite_game_new");
    printf("kumite %s: %s, seed %llu, MCTS (%d iterations) as player 0 against random\n",
           kumite_version(), kumite_game_name(game), (unsigned long long)seed, iterations);
    status = play(game, seed, iterations);
    kumite_game_free(game);
    return status;
}
