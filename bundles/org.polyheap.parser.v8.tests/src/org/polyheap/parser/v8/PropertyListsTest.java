package org.polyheap.parser.v8;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** Plain objects' property lists numbered once each, as a map from list to first object numbers them. */
class PropertyListsTest {

    @Test
    void equalListsShareANumberInFirstOccurrenceOrder() {
        var random = new Random(20);
        int objects = 50_000; // enough distinct lists to grow the table several times
        var lists = new ArrayList<List<Integer>>();
        for (int i = 0; i < objects; i++) {
            var list = new ArrayList<Integer>();
            // a few common shapes, many rare ones, empty lists, and lists that are prefixes of others
            int length = random.nextInt(4) == 0 ? random.nextInt(8) : 3;
            int pool = random.nextInt(3) == 0 ? 5000 : 4;
            for (int k = 0; k < length; k++) list.add(random.nextInt(pool));
            lists.add(list);
        }
        int[] start = new int[objects + 1];
        for (int i = 0; i < objects; i++) start[i + 1] = start[i] + lists.get(i).size();
        int[] ids = new int[start[objects] + 7]; // longer than the lists, as the evidence's backing array is
        for (int i = 0, k = 0; i < objects; i++) for (int id : lists.get(i)) ids[k++] = id;

        var shapes = new PlainObjectInterfaces.PropertyLists(objects, start, ids);

        var number = new HashMap<List<Integer>, Integer>();
        var counts = new ArrayList<Integer>();
        for (int i = 0; i < objects; i++) {
            Integer n = number.get(lists.get(i));
            if (n == null) {
                n = number.size();
                number.put(lists.get(i), n);
                counts.add(0);
                assertEquals(i, shapes.first(n), "first object of list " + n);
            }
            counts.set(n, counts.get(n) + 1);
            assertEquals(n, shapes.of(i), "list number of object " + i);
        }
        assertEquals(number.size(), shapes.count());
        for (int n = 0; n < counts.size(); n++) assertEquals(counts.get(n), shapes.objects(n), "objects with list " + n);
    }
}
