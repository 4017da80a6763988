package org.polyheap.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Waiting for work handed to another thread (the common fork-join pool, an executor) as if it had run
 * on the caller's: its failure is rethrown as thrown, not wrapped in a {@link CompletionException}, so
 * the caller's handling (a bad-input message, a cancellation) sees the original. Stateless.
 */
public final class Tasks {
    private Tasks() { }

    /** The task's result; a {@link RuntimeException} or {@link Error} it threw is rethrown unwrapped. */
    public static <T> T join(CompletableFuture<T> task) {
        try {
            return task.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw e;
        }
    }

    /** As {@link #join}, and the {@link IOException} inside an {@link UncheckedIOException} it threw is rethrown as such. */
    public static <T> T joinIo(CompletableFuture<T> task) throws IOException {
        try {
            return join(task);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
