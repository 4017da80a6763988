package org.polyheap.parser.hprof;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ServiceLoader;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.spi.Probe;
import org.polyheap.model.spi.SnapshotParser;
import org.polyheap.testdata.TestData;

class ServiceRegistrationTest {
    @Test
    void parserIsFoundThroughServiceLoader() {
        assertTrue(ServiceLoader.load(SnapshotParser.class, HprofParser.class.getClassLoader()).stream()
                .anyMatch(p -> p.type() == HprofParser.class));
    }

    @Test
    void acceptsHprofByContentIncludingGzipButNotOtherFormats(@TempDir Path dir) throws Exception {
        HprofParser parser = new HprofParser();
        assertTrue(parser.accepts(Probe.of(TestData.JACKSON_TREE)));
        Path json = Files.writeString(dir.resolve("x.hprof"), "{\"snapshot\":{\"meta\":{}}}");
        assertFalse(parser.accepts(Probe.of(json)));
    }
}
