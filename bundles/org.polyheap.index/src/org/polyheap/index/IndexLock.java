package org.polyheap.index;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Exclusive right to build or check one index folder: a {@link FileLock} on a lock file beside it
 * (between processes; the OS drops it when a process dies) plus an in-JVM lock (a JVM cannot take
 * the same file lock twice). {@link #acquire} blocks until the holder is done.
 */
final class IndexLock implements AutoCloseable {
    private static final ConcurrentHashMap<Path, ReentrantLock> IN_JVM = new ConcurrentHashMap<>();
    private final ReentrantLock local;
    private final FileChannel channel;
    private final FileLock lock;

    private IndexLock(ReentrantLock local, FileChannel channel, FileLock lock) {
        this.local = local;
        this.channel = channel;
        this.lock = lock;
    }

    static IndexLock acquire(Path lockFile) throws IOException {
        Path key = lockFile.toAbsolutePath().normalize();
        ReentrantLock local = IN_JVM.computeIfAbsent(key, k -> new ReentrantLock());
        local.lock();
        FileChannel ch = null;
        try {
            ch = FileChannel.open(key, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            return new IndexLock(local, ch, ch.lock());
        } catch (IOException | RuntimeException e) {
            if (ch != null) ch.close();
            local.unlock();
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        try (channel) {
            lock.release();
        } finally {
            local.unlock();
        }
    }
}
