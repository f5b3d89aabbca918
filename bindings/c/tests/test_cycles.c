/* A thousand create, use and free cycles of each handle, for LeakSanitizer: every string,
   error and handle the library hands out is freed, and nothing it keeps grows per cycle.
       ./test_cycles bindings/c/tests/fixtures [cycles] */
#define _POSIX_C_SOURCE 200809L
#include "test_support.h"

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s FIXTURES [cycles]\n", argv[0]); return 2; }
    int cycles = argc > 2 ? atoi(argv[2]) : 1000;
    char path[1200];
    snprintf(path, sizeof path, "%s/word.json", argv[1]);
    char *word = read_fixture(path);
    char folder[] = "/tmp/inkindex-cycles-XXXXXX";
    if (!mkdtemp(folder)) { perror("mkdtemp"); return 2; }
    char library_path[1200];
    snprintf(library_path, sizeof library_path, "%s/cycles.sqlite", folder);
    size_t length = strlen(word);
    char *note = malloc(length + 32);
    snprintf(note, length + 32, "{\"id\": \"n\", %s", word + 1);

    for (int k = 0; k < cycles; k++) {
        inkindex_error *error = NULL;
        inkindex_recognizer *r = inkindex_recognizer_create("{\"reading\": \"once\"}", &error);
        CHECK(r != NULL);
        CHECK(inkindex_recognizer_update_drawing(r, word, &error) == INKINDEX_OK);
        char *text = inkindex_recognizer_text(r, NULL, &error);
        CHECK(contains(text, "grace"));
        inkindex_string_free(text);
        char *hits = inkindex_recognizer_search(r, "grace", 0, &error);
        CHECK(contains(hits, "strokeIDs"));
        inkindex_string_free(hits);
        /* An error, made and freed. */
        CHECK(inkindex_recognizer_update_drawing(r, "{", &error) == INKINDEX_ERROR_BAD_INPUT);
        inkindex_error_free(error);
        error = NULL;
        inkindex_recognizer_free(r);

        inkindex_library *library = inkindex_library_open(library_path, NULL, &error);
        CHECK(library != NULL);
        char *id = inkindex_library_add(library, note, &error);
        CHECK(id != NULL);
        inkindex_string_free(id);
        char *found = inkindex_library_search(library, "grace", 0, 5, &error);
        CHECK(found != NULL);
        inkindex_string_free(found);
        CHECK(inkindex_library_delete(library, "n", &error) == INKINDEX_OK);
        inkindex_library_close(library);
        if (failures) break;
    }
    char command[1200];
    snprintf(command, sizeof command, "rm -rf '%s'", folder);
    if (system(command) != 0) fprintf(stderr, "could not remove %s\n", folder);
    free(note);
    free(word);
    if (failures) { fprintf(stderr, "test_cycles: %d checks failed\n", failures); return 1; }
    printf("test_cycles: %d cycles\n", cycles);
    return 0;
}
