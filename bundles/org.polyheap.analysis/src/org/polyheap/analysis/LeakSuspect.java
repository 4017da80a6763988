package org.polyheap.analysis;

/**
 * A leak suspect found by MAT's rule (see {@link LeakSuspects}).
 *
 * @param kind                what is suspected
 * @param object              the suspect object ({@link Kind#OBJECT}), or its biggest instance ({@link Kind#CLASS})
 * @param classId             the suspect's class
 * @param instances           1 for an object; the number of top-level instances for a class
 * @param retained            bytes the object, or the class's top-level instances together, retain
 * @param share               retained / all bytes of the snapshot
 * @param accumulationPoint   where the retained bytes pile up: the object reached by descending from
 *                            {@code object} while one child keeps at least the big-drop ratio of its parent
 * @param accumulationRetained retained size of the accumulation point
 */
public record LeakSuspect(Kind kind, int object, int classId, int instances, long retained, double share,
        int accumulationPoint, long accumulationRetained) {

    public enum Kind { OBJECT, CLASS }
}
