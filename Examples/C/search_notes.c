/* Reads a notebook (.xopp, .inkml, ...), indexes its pages in a note library, searches it and
   prints each hit with its page and bounds: InkIndex from C.

       bindings/c/install.sh ~/.local
       export PKG_CONFIG_PATH=~/.local/lib/pkgconfig
       cc -std=c99 Examples/C/search_notes.c $(pkg-config --cflags --libs inkindex) -o search_notes
       ./search_notes Examples/Notebooks/sermon.xopp grace "Jn 3:16"

   JSON comes back as text; a real program would parse it with its JSON library (cJSON, jansson,
   ...). This one prints the hits as they come. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <inkindex.h>

/* Prints the error, frees it and exits. */
static void fail(const char *what, inkindex_error *error) {
    fprintf(stderr, "%s: %s\n", what, error ? inkindex_error_message(error) : "failed");
    inkindex_error_free(error);
    exit(1);
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s NOTEBOOK QUERY...\n", argv[0]); return 2; }
    inkindex_error *error = NULL;

    char folder[] = "/tmp/search-notes-XXXXXX", path[64];
    if (!mkdtemp(folder)) { perror("mkdtemp"); return 1; }
    snprintf(path, sizeof path, "%s/notes.sqlite", folder);
    inkindex_library *library = inkindex_library_open(path, "{\"model\": \"open\"}", &error);
    if (!library) fail(path, error);

    /* Each page of the notebook becomes a note: {"notes":[{"id":..,"title":"sermon.xopp, page 1",..}],..}. */
    char *imported = inkindex_library_import_file(library, argv[1], &error);
    if (!imported) fail(argv[1], error);
    printf("%s\n", imported);
    inkindex_string_free(imported);

    int64_t indexed = 0;
    if (inkindex_library_index(library, NULL, NULL, &indexed, &error) != INKINDEX_OK) fail("index", error);
    printf("%s: %lld pages indexed\n", argv[1], (long long)indexed);

    for (int k = 2; k < argc; k++) {
        char *hits = inkindex_library_search(library, argv[k], 0, 10, &error);
        if (!hits) fail("search", error);
        printf("%s\n", hits); /* {"hits":[{"bounds":{...},"noteID":..,"reading":..,"score":..,"title":"sermon.xopp, page 1"}],"query":..} */
        inkindex_string_free(hits);
    }
    inkindex_library_close(library);
    unlink(path);
    rmdir(folder);
    return 0;
}
