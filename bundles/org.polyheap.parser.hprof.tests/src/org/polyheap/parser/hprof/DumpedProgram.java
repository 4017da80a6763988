package org.polyheap.parser.hprof;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.ref.SoftReference;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import com.sun.management.HotSpotDiagnosticMXBean;

/**
 * The child program of {@link LiveDumpTest}, run from source in its own JVM: builds a heap of known
 * shape, dumps it (all objects, then live objects only), says READY and waits for a line on stdin so
 * the test can run jcmd against it while it is quiescent.
 */
public final class DumpedProgram {
    static final int NODES = 1234;
    static final int DERIVED = 300;
    static final int GARBAGE = 500;
    static final int NUMBERS = 4242;
    static final String LATIN = "polyheap latin-1 \u00ff\u00e9";
    static final String UTF16 = "polyheap \u20ac utf-16";
    static final String THREAD = "polyheap-local-holder";

    static final class Leaf { long a; byte b; }
    static final class Node { Node next; int value; Leaf leaf; }
    static class Base { int x; byte y; }
    static final class Derived extends Base { long z; Object o; boolean f; short s; char c; float fl; double d; }
    static final class LocalThing { final int marker = 0x5EED; }
    static final class Garbage { long pad; }
    static final class Holder {
        String latin;
        String utf16;
        int[] numbers;
        Node first;
        Derived[] derived;
        WeakReference<Leaf> weak;
        SoftReference<Leaf> soft;
    }

    static Holder HOLDER;

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Holder h = new Holder();
        h.latin = new String(LATIN.toCharArray());
        h.utf16 = new String(UTF16.toCharArray());
        h.numbers = new int[NUMBERS];
        for (int i = 0; i < NUMBERS; i++) h.numbers[i] = i * 11;
        Node previous = null;
        for (int i = NODES - 1; i >= 0; i--) {   // node i at distance i from first; every 2nd has a leaf
            Node n = new Node();
            n.value = i;
            n.next = previous;
            if (i % 2 == 0) {
                n.leaf = new Leaf();
                n.leaf.a = i * 3L;
                n.leaf.b = (byte) i;
            }
            previous = n;
        }
        h.first = previous;
        h.derived = new Derived[DERIVED];
        for (int i = 0; i < DERIVED; i++) {
            Derived d = new Derived();
            d.x = i;
            d.y = (byte) -i;
            d.z = i * 1000L;
            d.f = i % 2 == 0;
            d.s = (short) (i * 7);
            d.c = (char) ('a' + i % 26);
            d.fl = i / 4f;
            d.d = i / 8d;
            d.o = i % 3 == 0 ? h.first : null;
            h.derived[i] = d;
        }
        h.weak = new WeakReference<>(h.first.leaf);
        h.soft = new SoftReference<>(h.first.next.next.leaf);
        HOLDER = h;

        CountDownLatch started = new CountDownLatch(1);
        Thread holder = new Thread(() -> {
            LocalThing local = new LocalThing();
            started.countDown();
            while (true) {
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    break;
                }
            }
            System.out.println(local.marker); // keeps the local alive in this frame
        }, THREAD);
        holder.setDaemon(true);
        holder.start();
        started.await();

        for (int i = 0; i < GARBAGE; i++) new Garbage().pad = i;  // unreachable at once: only in the full dump
        HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in));
        bean.dumpHeap(dir.resolve("all.hprof").toString(), false);
        bean.dumpHeap(dir.resolve("live.hprof").toString(), true);
        System.out.println("READY " + ProcessHandle.current().pid());
        System.out.flush();
        stdin.readLine();
    }
}
