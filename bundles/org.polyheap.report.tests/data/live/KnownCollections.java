import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.LinkedList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import com.sun.management.HotSpotDiagnosticMXBean;

/**
 * Run from source in a JVM of its own ({@code java KnownCollections.java OUT.hprof}) by the collections
 * tests of the report and the window: builds collections of known shape, each kind in a subclass of
 * its own so that a test finds exactly these by class name, and writes a live heap dump to OUT.
 * The figures the tests expect follow from the JDK's documented growth rules, stated beside each.
 */
public class KnownCollections {
    static final int THREES = 1000, EMPTIES = 500, COLLIDING_KEYS = 16, ZEROS = 10_000;

    /** 1,000 maps of exactly 3 entries: default table of 16 slots, keys "k0".."k2" in 3 different buckets. */
    static final class ThreeEntries extends HashMap<String, Integer> { }
    /** One list of capacity 100 holding 10 elements. */
    static final class TenOfHundred extends ArrayList<String> { TenOfHundred() { super(100); } }
    /** 500 lists never added to: the shared empty array, capacity 0. */
    static final class NeverUsed extends ArrayList<Object> { }
    /** 16 keys with one hash code ("Aa" and "BB" hash alike): all in one bucket, a tree bin once the table has 64 slots. */
    static final class Colliding extends HashMap<String, String> { }
    static final class CollidingConcurrent extends ConcurrentHashMap<String, String> { }
    static final class CollidingTable extends Hashtable<String, String> { }
    static final class SortedFive extends TreeMap<String, Integer> { }
    static final class LinkedFour extends LinkedList<String> { }
    static final class SetOfThree extends HashSet<String> { }
    /** Capacity asked 20: the JDK gives 21 slots (one kept free); 5 elements after 2 were taken from the head. */
    static final class Deque extends ArrayDeque<String> { Deque() { super(20); } }

    static List<Object> keep = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < THREES; i++) {
            var m = new ThreeEntries();
            for (int k = 0; k < 3; k++) m.put("k" + k, k);
            keep.add(m);
        }
        var ten = new TenOfHundred();
        for (int i = 0; i < 10; i++) ten.add("element " + i);
        keep.add(ten);
        for (int i = 0; i < EMPTIES; i++) keep.add(new NeverUsed());
        var colliding = new Colliding();
        var concurrent = new CollidingConcurrent();
        var table = new CollidingTable();
        for (String key : collidingKeys()) {
            colliding.put(key, "v" + key);
            concurrent.put(key, "v" + key);
            table.put(key, "v" + key);
        }
        keep.addAll(List.of(colliding, concurrent, table));
        var sorted = new SortedFive();
        for (String k : List.of("e", "c", "a", "d", "b")) sorted.put(k, (int) k.charAt(0));
        keep.add(sorted);
        var linked = new LinkedFour();
        linked.addAll(List.of("w", "x", "y", "z"));
        keep.add(linked);
        var set = new SetOfThree();
        set.addAll(List.of("s1", "s2", "s3"));
        keep.add(set);
        var deque = new Deque();
        for (String s : List.of("d0", "d1", "d2", "d3", "d4", "d5", "d6")) deque.add(s);
        deque.poll();
        deque.poll();
        keep.add(deque);
        keep.add(new long[ZEROS]);
        long[] notConstant = new long[ZEROS];
        notConstant[ZEROS - 1] = 1;
        keep.add(notConstant);
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
        if (!Files.isRegularFile(Path.of(args[0]))) System.exit(1);
    }

    /** 2^4 strings of 4 "Aa"/"BB" pairs: String.hashCode gives them all one value. */
    static List<String> collidingKeys() {
        var keys = new ArrayList<String>();
        for (int bits = 0; bits < COLLIDING_KEYS; bits++) {
            var s = new StringBuilder();
            for (int i = 0; i < 4; i++) s.append((bits >> i & 1) == 0 ? "Aa" : "BB");
            keys.add(s.toString());
        }
        return keys;
    }
}
