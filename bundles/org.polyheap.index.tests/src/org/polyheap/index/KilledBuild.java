package org.polyheap.index;

import java.nio.file.Path;
import java.util.List;

import org.polyheap.model.Progress;
import org.polyheap.model.spi.ParseOptions;

/**
 * Child-JVM entry for the kill test: opens a snapshot through the store and, halfway through the
 * parse, says "HALFWAY" on stdout and waits to be killed.
 */
public final class KilledBuild {
    public static void main(String[] args) throws Exception {
        long halfway = Long.parseLong(args[1]);
        var progress = new Progress() {
            long done;
            @Override public void phase(String name, long totalWork) { }
            @Override public void worked(long units) {
                if ((done += units) == halfway) {
                    System.out.println("HALFWAY");
                    System.out.flush();
                    try {
                        Thread.sleep(120_000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
            @Override public boolean isCanceled() { return false; }
        };
        new SnapshotStore(Path.of(args[2])).open(Path.of(args[0]), List.of(new TextSnapshotParser()), ParseOptions.NONE, progress);
        System.out.println("FINISHED");
    }
}
