/* The native half of EscapeJni (tests/witness/test_escape.py): harm(decoy) unlinks
 * DECOY/a.txt and renames DECOY/b.txt to DECOY/b.moved with the C library, below any
 * check a JVM makes. Returns how many of the two calls succeeded. */
#include <jni.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

JNIEXPORT jint JNICALL Java_EscapeJni_00024Attempt_harm(JNIEnv *env, jclass cls, jstring decoy) {
    (void)cls;
    const char *directory = (*env)->GetStringUTFChars(env, decoy, NULL);
    if (directory == NULL) {
        return -1;
    }
    char victim[PATH_MAX], from[PATH_MAX], to[PATH_MAX];
    snprintf(victim, sizeof victim, "%s/a.txt", directory);
    snprintf(from, sizeof from, "%s/b.txt", directory);
    snprintf(to, sizeof to, "%s/b.moved", directory);
    (*env)->ReleaseStringUTFChars(env, decoy, directory);
    int done = 0;
    done += unlink(victim) == 0;
    done += rename(from, to) == 0;
    return done;
}
