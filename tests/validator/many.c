/* Runs the package's input validator once per input, each run in a child
   process of its own, so that thousands of inputs cost one start of a
   program built with AddressSanitizer. The validator is compiled with
   -Dmain=validator_main beside this file.
   Usage: many LIST: LIST names one input file a line; each input's run
   writes its standard error to the file's name plus ".err", and its exit
   status (128 + the signal, if one ended it) on a line of stdout. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int validator_main(void);

/* Runs the validator on the file `path`: its exit status, or -1 when
   no child could be started. */
static int run_one(const char *path) {
    size_t len = strlen(path);
    char *err = malloc(len + 5);
    if (!err) return -1;
    memcpy(err, path, len);
    memcpy(err + len, ".err", 5);
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        int in = open(path, O_RDONLY);
        int out = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 2) < 0) _exit(127);
        exit(validator_main());
    }
    free(err);
    int status;
    if (child < 0 || waitpid(child, &status, 0) < 0) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    /* The list is read whole and closed before the first child: a child's
       exit would otherwise move the shared file offset of a stream it
       inherited half read. */
    FILE *list = fopen(argv[1], "r");
    if (!list) return 2;
    char **paths = NULL;
    size_t count = 0, capacity = 0;
    char *path = NULL;
    size_t path_capacity = 0;
    ssize_t read;
    while ((read = getline(&path, &path_capacity, list)) > 0) {
        if (path[read - 1] == '\n') path[read - 1] = '\0';
        if (count == capacity) {
            capacity = capacity ? 2 * capacity : 64;
            paths = realloc(paths, capacity * sizeof *paths);
            if (!paths) return 2;
        }
        paths[count++] = strdup(path);
    }
    free(path);
    fclose(list);
    for (size_t i = 0; i < count; i++) {
        int status = run_one(paths[i]);
        if (status < 0) return 2;
        printf("%d\n", status);
        free(paths[i]);
    }
    free(paths);
    return 0;
}
