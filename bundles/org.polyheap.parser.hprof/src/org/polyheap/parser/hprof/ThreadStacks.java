package org.polyheap.parser.hprof;

import org.polyheap.model.SnapshotSink;
import org.polyheap.model.format.JavaStackFrame;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Thread stack traces as facts: {@code threadStack.<serial>} = the thread's object id, then one
 * {@link JavaStackFrame} line per frame, innermost first (frame depth 0 of Java-frame roots).
 */
final class ThreadStacks {
    private static final int MAX_FRAMES = 256;
    private final FirstPass scan;
    private final AddressIndex index;

    ThreadStacks(FirstPass scan, AddressIndex index) {
        this.scan = scan;
        this.index = index;
    }

    void addFacts(SnapshotSink sink) {
        IntArrayList serials = new IntArrayList(scan.threadTrace.keySet());
        serials.sort(null);
        sink.fact("threads", Integer.toString(serials.size()));
        for (int serial : serials) {
            long[] frames = scan.traces.get((int) scan.threadTrace.get(serial));
            StringBuilder text = new StringBuilder("thread object ").append(index.idOf(scan.threadObject.get(serial)));
            if (frames != null) {
                for (int i = 0; i < Math.min(frames.length, MAX_FRAMES); i++) text.append('\n').append(frame(frames[i]));
                if (frames.length > MAX_FRAMES) text.append("\n... ").append(frames.length - MAX_FRAMES).append(" more");
            }
            sink.fact("threadStack." + serial, text.toString());
        }
    }

    private String frame(long frameId) {
        FirstPass.StackFrame f = scan.frames.get(frameId);
        if (f == null) return "at <unknown frame>";
        String cls = scan.classBySerial.containsKey(f.classSerial())
                ? scan.string(scan.classNames.get(scan.classBySerial.get(f.classSerial()))) : null;
        return JavaStackFrame.of(cls == null ? null : JavaNames.display(cls), scan.string(f.method()),
                scan.string(f.sourceFile()), f.line()).text();
    }
}
