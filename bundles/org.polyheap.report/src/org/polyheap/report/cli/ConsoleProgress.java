package org.polyheap.report.cli;

import java.io.PrintStream;

import org.polyheap.model.Progress;

/**
 * Progress on stderr: a redrawn bar when the console is a terminal, otherwise one plain line per
 * phase and per 10 % (so CI logs stay short). Thread-safe; printing is throttled to 10 per second.
 */
final class ConsoleProgress implements Progress {
    private final PrintStream err;
    private final boolean terminal;
    private final boolean quiet;
    private String phase = "";
    private long total = -1;
    private long done;
    private int lastDecile = -1;
    private long lastDraw;
    private volatile boolean canceled;

    ConsoleProgress(PrintStream err, boolean terminal, boolean quiet) {
        this.err = err;
        this.terminal = terminal;
        this.quiet = quiet;
    }

    static boolean stderrIsTerminal() {
        var console = System.console();
        return console != null && console.isTerminal() && System.getenv("TERM") != null && !"dumb".equals(System.getenv("TERM"));
    }

    @Override
    public synchronized void phase(String name, long totalWork) {
        finishLine();
        phase = name;
        total = totalWork;
        done = 0;
        lastDecile = -1;
        if (quiet) return;
        if (terminal) draw(true);
        else err.println(name + "…");
    }

    @Override
    public synchronized void worked(long units) {
        done += units;
        if (quiet || total <= 0) return;
        if (terminal) {
            draw(false);
        } else {
            int decile = (int) Math.min(10, done * 10 / total);
            if (decile > lastDecile && decile > 0 && decile < 10) {
                lastDecile = decile;
                err.println(phase + " " + decile * 10 + "%");
            }
        }
    }

    private void draw(boolean force) {
        long now = System.nanoTime();
        if (!force && now - lastDraw < 100_000_000L) return;
        lastDraw = now;
        String bar;
        if (total > 0) {
            int width = 30;
            int filled = (int) Math.min(width, done * width / total);
            bar = "[" + "#".repeat(filled) + " ".repeat(width - filled) + "] " + Math.min(100, done * 100 / total) + "%";
        } else {
            bar = "";
        }
        err.print("\r\033[K" + phase + " " + bar);
        err.flush();
    }

    synchronized void finishLine() {
        if (terminal && !quiet && !phase.isEmpty()) {
            err.print("\r\033[K");
            err.flush();
        }
    }

    /** A line that matters even with {@code --quiet} (something was repaired on the way). */
    synchronized void note(String line) {
        finishLine();
        err.println("polyheap: " + line);
    }

    void cancel() { canceled = true; }

    @Override
    public boolean isCanceled() { return canceled; }
}
