/* A stand-in for java.exe and javaw.exe (check-polyheap-cmd.sh): prints its arguments, one per
 * line, to stdout and to %FAKE_LOG% when set; answers -version and -XshowSettings like a JDK 25
 * whose java.home is %FAKE_JAVA_HOME%; exits with 3 when an argument contains "nothing" (as the
 * headless command does for a missing file). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    int version = 0, settings = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-version")) version = 1;
        if (!strncmp(argv[i], "-XshowSettings", 14)) settings = 1;
    }
    const char *home = getenv("FAKE_JAVA_HOME");
    if (settings) fprintf(stderr, "Property settings:\n    java.home = %s\n    java.version = 25.0.1\n", home ? home : "?");
    if (version) { fprintf(stderr, "openjdk version \"25.0.1\" 2025-10-21\n"); return 0; }
    const char *log = getenv("FAKE_LOG");
    FILE *f = log ? fopen(log, "a") : NULL;
    for (int i = 0; i < argc; i++) {
        printf("ARG[%d]=%s\n", i, argv[i]);
        if (f) fprintf(f, "ARG[%d]=%s\n", i, argv[i]);
    }
    if (f) fclose(f);
    for (int i = 1; i < argc; i++) if (strstr(argv[i], "nothing")) return 3;
    return 0;
}
