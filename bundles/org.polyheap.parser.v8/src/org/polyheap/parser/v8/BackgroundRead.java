package org.polyheap.parser.v8;

import java.io.IOException;
import java.util.concurrent.CancellationException;

import org.polyheap.model.SnapshotFormatException;

/**
 * One read of a snapshot section on a thread of its own, while the caller reads another part of the
 * file. {@link #join} returns its result or rethrows its failure; {@link #cancel} stops it when the
 * caller fails first (an interrupt closes its file channel). Each instance is joined or cancelled
 * once, by the thread that started it.
 */
final class BackgroundRead<T> {
    /** The read; may throw what a parse throws. */
    interface Read<T> {
        T run() throws IOException, SnapshotFormatException;
    }

    private final Thread thread;
    private T result;
    private Exception failure;

    BackgroundRead(String name, Read<T> read) {
        thread = Thread.ofPlatform().name(name).daemon().start(() -> {
            try {
                result = read.run();
            } catch (Exception | Error e) {
                failure = e instanceof Exception x ? x : new IllegalStateException(e);
            }
        });
    }

    /** Waits for the read; its result, or its failure rethrown. */
    T join() throws IOException, SnapshotFormatException {
        try {
            thread.join();
        } catch (InterruptedException e) {
            cancel();
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted while reading " + thread.getName());
        }
        // if-else, not a pattern switch: that one is linked at first use, milliseconds of a first open
        if (failure == null) return result;
        if (failure instanceof SnapshotFormatException f) throw f;
        if (failure instanceof IOException io) throw io;
        if (failure instanceof RuntimeException r) throw r;
        throw new IllegalStateException(failure);
    }

    /** Stops the read and waits for its thread; its result and failure are dropped. */
    void cancel() {
        thread.interrupt();
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
