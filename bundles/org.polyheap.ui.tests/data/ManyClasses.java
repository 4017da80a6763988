import java.lang.classfile.ClassFile;
import java.lang.constant.ClassDesc;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import com.sun.management.HotSpotDiagnosticMXBean;

/**
 * Test data made by a real JVM: defines {@code count} tiny classes with the class-file API, in 97
 * packages under five top-level names ({@code com.example.app.sub4.Type1234Map}), keeps one
 * instance of each, and writes a live-object heap dump, whose histogram then has that many rows.
 * Instances are allocated without a constructor call: reflection would add a few hundred bytes of
 * accessor data per class to the dump (100 MB instead of 38 MB).
 *
 * <p>Usage: {@code java ManyClasses.java FILE.hprof [count]} (default 100,000).
 */
public class ManyClasses {
    static final List<Object> KEEP = new ArrayList<>();
    static sun.misc.Unsafe UNSAFE;

    static final class Loader extends ClassLoader {
        Class<?> define(String name, byte[] bytes) { return defineClass(name, bytes, 0, bytes.length); }
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        String[] packages = { "com.example.app", "org.acme.store", "io.netty.buffer", "net.shop.cart", "dev.tools.gen" };
        UNSAFE = unsafe();
        var loader = new Loader();
        for (int i = 0; i < count; i++) {
            String name = packages[i % packages.length] + ".sub" + (i % 97) + ".Type" + i + (i % 3 == 0 ? "Map" : "Entry");
            byte[] bytes = ClassFile.of().build(ClassDesc.of(name), c -> c.withFlags(ClassFile.ACC_PUBLIC));
            KEEP.add(UNSAFE.allocateInstance(loader.define(name, bytes)));
        }
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
        System.out.println("dumped " + count + " classes to " + args[0]);
    }

    private static sun.misc.Unsafe unsafe() throws ReflectiveOperationException {
        var field = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        field.setAccessible(true);
        return (sun.misc.Unsafe) field.get(null);
    }
}
