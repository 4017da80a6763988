package org.polyheap.parser.dart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.polyheap.model.HeapGraph;
import org.polyheap.testdata.TestData;

/**
 * Smis keep their value: each {@code _Smi} object is labelled with its integer, which an independent
 * decoder ({@code smi-fields.js} beside the fixture, on the shared tools' {@code decode.js}) read for
 * the Smi fields of the first {@code _GrowableList}s: "object class field smi value", file numbering.
 */
class DartSmiTest {
    @Test
    void growableListLengthsAreTheirSmiValues() throws Exception {
        HeapGraph g = DartFixtureTest.graph("dart-sass-ia32-a-tiny");
        List<String> lines = Files.readAllLines(TestData.dart("dart-sass-ia32-a-tiny.smi-fields.txt"));
        assertEquals(30, lines.size());
        for (String line : lines) {
            String[] f = line.split(" ");
            int object = Integer.parseInt(f[0]) - 1, smi = Integer.parseInt(f[3]) - 1;
            assertEquals(f[1], g.classes().get(g.objectClass().get(object)).name());
            assertEquals("_Smi", g.classes().get(g.objectClass().get(smi)).name());
            boolean found = false;
            for (long p = g.outStart().get(object); p < g.outStart().get(object + 1); p++) {
                if (g.outTarget().get(p) == smi && g.string(g.outName().get(p)).equals(f[2])) found = true;
            }
            assertTrue(found, "field " + f[2] + " of object " + f[0] + " points at Smi " + f[3]);
            assertEquals(f[4], g.string(g.objectLabel().get(smi)), line);
        }
    }

    @Test
    void everySmiHasALabel() throws Exception {
        HeapGraph g = DartFixtureTest.graph("dart-sass-ia32-a-tiny");
        int smis = 0, negative = 0;
        for (int o = 0; o < g.objectCount(); o++) {
            if (!g.classes().get(g.objectClass().get(o)).name().equals("_Smi")) continue;
            smis++;
            String label = g.string(g.objectLabel().get(o));
            if (Long.parseLong(label) < 0) negative++; // an integer, nothing else
        }
        var facts = DartFixtureTest.facts("dart-sass-ia32-a-tiny");
        // the 32-bit VM writes -1 as 4,294,967,295: those come out negative
        assertEquals(facts.number("negative Smis written as word-size two's complement: ([\\d,]+)"), negative);
        assertEquals(facts.number("IntData\\|_Smi\\s+([\\d,]+)"), smis);
    }
}
