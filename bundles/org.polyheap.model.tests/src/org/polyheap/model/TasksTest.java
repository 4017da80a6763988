package org.polyheap.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.junit.jupiter.api.Test;

/** A task's failure reaches the caller as it was thrown on the other thread. */
class TasksTest {

    @Test
    void resultsAndFailuresComeBackUnwrapped() throws IOException {
        assertEquals(7, Tasks.join(CompletableFuture.supplyAsync(() -> 7)));
        var bad = new IllegalStateException("bad graph");
        assertSame(bad, assertThrows(IllegalStateException.class, () -> Tasks.join(CompletableFuture.supplyAsync(() -> { throw bad; }))));
        var oom = new OutOfMemoryError("test");
        assertSame(oom, assertThrows(OutOfMemoryError.class, () -> Tasks.join(CompletableFuture.runAsync(() -> { throw oom; }))));
        var io = new IOException("disk full");
        var unchecked = CompletableFuture.runAsync(() -> { throw new UncheckedIOException(io); });
        assertSame(io, assertThrows(IOException.class, () -> Tasks.joinIo(unchecked)));
        var checked = new CompletableFuture<Void>();
        checked.completeExceptionally(new Exception("checked"));
        assertThrows(CompletionException.class, () -> Tasks.join(checked)); // no unchecked cause to give
    }
}
