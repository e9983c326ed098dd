/* Every error path of the C ABI, from C: each call below must return an error code or NULL with
 * a message, never crash, and (under valgrind) never leak or touch freed memory.
 * Built and run by tests/test_ffi.py. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kumite.h"

static int failures = 0;

#define CHECK(cond)                                                                 \
    do {                                                                            \
        if (!(cond)) {                                                              \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                             \
        }                                                                           \
    } while (0)

/* The last call failed with `code` and left a message. */
#define FAILED_WITH(code) \
    CHECK(kumite_last_error_code() == (code) && kumite_last_error() != NULL && kumite_last_error()[0])

int main(void) {
    int32_t buf[4];
    float f[4];
    kumite_game *game;
    kumite_state *state, *copy;
    char *json, *before;
    int32_t n, i, a;

    CHECK(strcmp(kumite_version(), KUMITE_VERSION) == 0);
    CHECK(kumite_abi_version() == KUMITE_ABI_VERSION);
    CHECK(kumite_games_count() >= 1);
    CHECK(kumite_games_name(-1) == NULL);
    FAILED_WITH(KUMITE_ERR_INVALID_ARGUMENT);
    CHECK(kumite_games_name(kumite_games_count()) == NULL);

    /* Bad names and options. */
    CHECK(kumite_game_new(NULL, NULL) == NULL);
    FAILED_WITH(KUMITE_ERR_NULL);
    CHECK(kumite_game_new("no such game", NULL) == NULL);
    FAILED_WITH(KUMITE_ERR_UNKNOWN_GAME);
    CHECK(kumite_game_new("tekken", "{\"heat\": ") == NULL);
    FAILED_WITH(KUMITE_ERR_JSON);
    CHECK(kumite_game_new("tekken", "42") == NULL);
    FAILED_WITH(KUMITE_ERR_INVALID_OPTION);
    CHECK(kumite_game_new("tekken", "{\"rounds_to_win\": \"many\"}") == NULL);
    FAILED_WITH(KUMITE_ERR_INVALID_OPTION);
    CHECK(kumite_game_new("\xff\xfe", NULL) == NULL);
    FAILED_WITH(KUMITE_ERR_INVALID_ARGUMENT);

    /* NULL handles. */
    CHECK(kumite_game_num_players(NULL) == KUMITE_ERR_NULL);
    CHECK(kumite_game_num_actions(NULL) == KUMITE_ERR_NULL);
    CHECK(kumite_game_name(NULL) == NULL);
    CHECK(kumite_state_new(NULL, 1) == NULL);
    CHECK(kumite_state_clone(NULL) == NULL);
    CHECK(kumite_state_current_player(NULL) == KUMITE_ERR_NULL);
    CHECK(kumite_state_legal_actions(NULL, buf, 4) == KUMITE_ERR_NULL);
    CHECK(kumite_state_apply(NULL, 0) == KUMITE_ERR_NULL);
    CHECK(kumite_state_returns(NULL, f, 4) == KUMITE_ERR_NULL);
    CHECK(kumite_state_to_json(NULL) == NULL);
    CHECK(kumite_state_from_json(NULL, "{}") == NULL);
    CHECK(kumite_mcts_choose(NULL, 10, 0) == KUMITE_ERR_NULL);
    FAILED_WITH(KUMITE_ERR_NULL);
    kumite_game_free(NULL);
    kumite_state_free(NULL);
    kumite_string_free(NULL);

    game = kumite_game_new("tekken", "");
    CHECK(game != NULL);
    if (!game) return 1;
    CHECK(kumite_last_error() == NULL); /* success clears it */
    state = kumite_state_new(game, 11);
    before = kumite_state_to_json(state);

    /* Buffers: the full count comes back, at most cap elements are written. */
    n = kumite_state_legal_actions(state, NULL, 0);
    CHECK(n > 1);
    buf[0] = buf[1] = -7;
    CHECK(kumite_state_legal_actions(state, buf, 1) == n && buf[1] == -7);
    CHECK(kumite_state_legal_actions(state, NULL, 2) == KUMITE_ERR_NULL);
    CHECK(kumite_state_legal_actions(state, buf, -1) == KUMITE_ERR_INVALID_ARGUMENT);
    CHECK(kumite_state_returns(state, f, 1) == kumite_game_num_players(game));
    CHECK(kumite_state_observation(state, 5, NULL, 0) == KUMITE_ERR_INVALID_ARGUMENT);
    CHECK(kumite_state_observation(state, 0, NULL, 0) == kumite_game_observation_size(game));
    /* The public and private parts make up the observation; a missing player is an error. */
    CHECK(kumite_state_public_observation(state, NULL, 0) == kumite_game_public_observation_size(game));
    CHECK(kumite_state_private_observation(state, 0, NULL, 0) == kumite_game_private_observation_size(game));
    CHECK(kumite_game_public_observation_size(game) + kumite_game_private_observation_size(game) ==
          kumite_game_observation_size(game));
    CHECK(kumite_state_private_observation(state, 5, NULL, 0) == KUMITE_ERR_INVALID_ARGUMENT);
    CHECK(kumite_state_private_observation(state, -1, NULL, 0) == KUMITE_ERR_INVALID_ARGUMENT);
    CHECK(kumite_state_private_observation_string(state, 5) == NULL);
    FAILED_WITH(KUMITE_ERR_INVALID_ARGUMENT);
    CHECK(kumite_state_public_observation(NULL, NULL, 0) == KUMITE_ERR_NULL);
    CHECK(kumite_state_public_observation_string(NULL) == NULL);
    FAILED_WITH(KUMITE_ERR_NULL);
    CHECK(kumite_game_public_observation_size(NULL) == KUMITE_ERR_NULL);
    CHECK(kumite_game_private_observation_layout_json(NULL) == NULL);
    json = kumite_state_public_observation_string(state);
    CHECK(json != NULL);
    kumite_string_free(json);
    json = kumite_game_public_observation_layout_json(game);
    CHECK(json != NULL && json[0] == '[');
    kumite_string_free(json);

    /* Illegal actions leave the state as it was. */
    CHECK(kumite_state_apply(state, -3) == KUMITE_ERR_ILLEGAL_ACTION);
    FAILED_WITH(KUMITE_ERR_ILLEGAL_ACTION);
    CHECK(kumite_state_apply(state, kumite_game_num_actions(game)) == KUMITE_ERR_ILLEGAL_ACTION);
    for (a = 0; a < kumite_game_num_actions(game); a++) {
        int32_t legal[512];
        int32_t count = kumite_state_legal_actions(state, legal, 512), is_legal = 0;
        for (i = 0; i < count && i < 512; i++) is_legal |= legal[i] == a;
        if (!is_legal) {
            CHECK(kumite_state_apply(state, a) == KUMITE_ERR_ILLEGAL_ACTION);
            break;
        }
    }
    json = kumite_state_to_json(state);
    CHECK(json && before && strcmp(json, before) == 0);
    kumite_string_free(json);
    CHECK(kumite_state_action_to_string(state, 1 << 20) == NULL);
    CHECK(kumite_state_parse_action(state, "not a move") == KUMITE_ERR_ILLEGAL_ACTION);
    CHECK(kumite_state_parse_action(state, NULL) == KUMITE_ERR_NULL);
    CHECK(kumite_mcts_choose(state, 0, 1) == KUMITE_ERR_INVALID_ARGUMENT);
    CHECK(kumite_mcts_choose(state, -5, 1) == KUMITE_ERR_INVALID_ARGUMENT);

    /* Bad JSON states. */
    CHECK(kumite_state_from_json(game, NULL) == NULL);
    FAILED_WITH(KUMITE_ERR_NULL);
    CHECK(kumite_state_from_json(game, "") == NULL);
    FAILED_WITH(KUMITE_ERR_JSON);
    CHECK(kumite_state_from_json(game, "{\"game\": \"tekken\", \"version\": 1}") == NULL);
    FAILED_WITH(KUMITE_ERR_JSON);
    before[strlen(before) / 2] = '\0'; /* truncated */
    CHECK(kumite_state_from_json(game, before) == NULL);
    FAILED_WITH(KUMITE_ERR_JSON);
    kumite_string_free(before);

    /* A state outlives its game, and a clone is independent. */
    kumite_game_free(game);
    copy = kumite_state_clone(state);
    n = kumite_state_legal_actions(state, buf, 4);
    CHECK(n > 0 && kumite_state_apply(state, buf[0]) == KUMITE_OK);
    json = kumite_state_to_json(state);
    before = kumite_state_to_json(copy);
    CHECK(json && before && strcmp(json, before) != 0);
    kumite_string_free(json);
    kumite_string_free(before);
    kumite_state_free(copy);
    kumite_state_free(state);

    printf("%s\n", failures ? "hostile: FAILED" : "hostile: ok");
    return failures ? 1 : 0;
}
