package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.memory.HeapGraphBuilder;

/** Class loaders, their classes and duplicate class names on a hand-drawn heap (sizes in bytes). */
class JavaClassLoadersTest {

    /**
     * Two URLClassLoaders (0, 1; roots; 1's parent is 0) each define a class Plugin (class objects 2 and 3)
     * whose statics hold its instances: 3 of the first (16 bytes each) and a byte[1000]; 5 of the second.
     */
    private static HeapGraph heap() {
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.HPROF);
        int parent = b.addString("parent");
        b.addClass(new ClassInfo("java.lang.Object", -1, -1, -1, "", -1, List.of()));
        b.addClass(new ClassInfo("java.lang.ClassLoader", 0, -1, -1, "", -1, List.of()));
        b.addClass(new ClassInfo("java.net.URLClassLoader", 1, -1, -1, "", -1, List.of()));
        b.addClass(new ClassInfo("Plugin", 0, 2, 0, "", -1, List.of()));
        b.addClass(new ClassInfo("Plugin", 0, 3, 1, "", -1, List.of()));
        b.addClass(new ClassInfo("java.lang.Class", 0, -1, -1, "", -1, List.of()));
        b.addClass(new ClassInfo("byte[]", 0, -1, -1, "", -1, List.of()));
        int[][] objects = { {2, 80}, {2, 80}, {5, 100}, {5, 100}, {3, 16}, {3, 16}, {3, 16}, {4, 16}, {4, 16}, {4, 16},
            {4, 16}, {4, 16}, {6, 1000} };
        for (int i = 0; i < objects.length; i++) b.addObject(objects[i][0], objects[i][1], 0x100L * (i + 1), -1, -1);
        b.addReference(0, 2, ReferenceKind.FIELD, -1);
        b.addReference(1, 0, ReferenceKind.FIELD, parent);
        b.addReference(1, 3, ReferenceKind.FIELD, -1);
        b.addReference(2, 0, ReferenceKind.LOADER, -1);
        for (int i = 4; i <= 6; i++) b.addReference(2, i, ReferenceKind.STATIC, -1);
        b.addReference(2, 12, ReferenceKind.STATIC, -1);
        b.addReference(3, 1, ReferenceKind.LOADER, -1);
        for (int i = 7; i <= 11; i++) b.addReference(3, i, ReferenceKind.STATIC, -1);
        b.addRoot(new GcRoot(0, RootKind.JNI_GLOBAL, -1, -1));
        b.addRoot(new GcRoot(1, RootKind.JNI_GLOBAL, -1, -1));
        return b.build();
    }

    private static JavaClassLoaders loaders() {
        return HeapAnalysis.run(heap(), Progress.NONE).javaClassLoaders(Progress.NONE);
    }

    @Test
    void eachLoaderWithItsClassesInstancesAndRetainedSize() {
        var loaders = loaders();
        assertEquals(List.of(-1, 0, 1), loaders.loaders().stream().map(JavaClassLoaders.Loader::object).toList(),
                "the most defined classes first (the bootstrap loader's five), then by retained size");
        var first = loaders.loader(0);
        assertEquals(List.of(3), first.classes().stream().map(JavaClassLoaders.DefinedClass::classId).toList());
        assertEquals(3, first.instances());
        assertEquals(48, first.shallow());
        assertEquals(80 + 100 + 48 + 1000, first.retained(), "the loader, its class, the statics");
        assertEquals(-1, first.parent());
        var second = loaders.loader(1);
        assertEquals(0, second.parent());
        assertEquals(5, second.instances());
        assertEquals(80 + 100 + 80, second.retained());
        var bootstrap = loaders.loader(-1);
        assertEquals(5, bootstrap.classes().size());
        assertEquals(5, bootstrap.instances(), "2 loaders, 2 class objects, the byte[]");
        assertEquals(-1, bootstrap.retained());
        assertEquals(1488, bootstrap.instancesRetained(), "the two loaders retain the whole heap");
    }

    @Test
    void oneNameTwoLoadersIsADuplicate() {
        var d = loaders().duplicates();
        assertEquals(1, d.size());
        assertEquals("Plugin", d.getFirst().name());
        assertEquals(2, d.getFirst().loaders());
        assertEquals(8, d.getFirst().instances());
        assertEquals(List.of(4, 3), d.getFirst().classes().stream().map(JavaClassLoaders.DefinedClass::classId).toList(),
                "most instances first");
        assertEquals(List.of(5L, 3L), d.getFirst().classes().stream().map(JavaClassLoaders.DefinedClass::instances).toList());
    }
}
