/* libinkindex without its resources (a library copied alone, INKINDEX_RESOURCES unset): every
   call that needs the weights or the language data fails with INKINDEX_ERROR_MODEL_UNAVAILABLE
   and says where it looked, and nothing crashes; a library still stores notes.
       ./test_no_resources FOLDER        (run.sh links it against a lone copy of the library) */
#define _POSIX_C_SOURCE 200809L
#include "test_support.h"

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s FOLDER\n", argv[0]); return 2; }
    inkindex_error *error = NULL;
    CHECK(inkindex_recognizer_create(NULL, &error) == NULL);
    CHECK(contains(inkindex_error_message(error), "INKINDEX_RESOURCES"));
    CHECK_ERROR(error, INKINDEX_ERROR_MODEL_UNAVAILABLE);
    char *models = inkindex_models();
    CHECK(contains(models, "\"available\":false") && !contains(models, "\"available\":true"));
    inkindex_string_free(models);

    char path[1200];
    snprintf(path, sizeof path, "%s/lone.sqlite", argv[1]);
    inkindex_library *library = inkindex_library_open(path, NULL, &error);
    CHECK(library != NULL);
    char *id = inkindex_library_add(library, "{\"id\": \"n\", \"strokes\": [{\"points\": [[0, 0], [10, 10]]}]}", &error);
    CHECK(id != NULL);
    inkindex_string_free(id);
    CHECK_STATUS(inkindex_library_index(library, NULL, NULL, NULL, &error), INKINDEX_ERROR_MODEL_UNAVAILABLE, error);
    CHECK(inkindex_library_search(library, "grace", 0, 0, &error) == NULL);
    CHECK_ERROR(error, INKINDEX_ERROR_MODEL_UNAVAILABLE);
    char *notes = inkindex_library_notes(library, &error);
    CHECK(contains(notes, "\"id\":\"n\""));
    inkindex_string_free(notes);
    inkindex_library_close(library);
    if (failures) { fprintf(stderr, "test_no_resources: %d checks failed\n", failures); return 1; }
    printf("test_no_resources: all checks passed\n");
    return 0;
}
