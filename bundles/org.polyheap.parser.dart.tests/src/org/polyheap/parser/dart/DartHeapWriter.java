package org.polyheap.parser.dart;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Test-side encoder that writes a {@code dartheap} stream the way the VM's HeapSnapshotWriter does:
 * ULEB128 everywhere, SLEB128 for Mint values, 8 raw little-endian bytes for doubles, Latin-1 and
 * UTF-16 strings with full and written lengths, identity hashes last (optional, as in old VMs).
 * Written from the format description in docs/formats/dart.md, independently of the parser.
 */
final class DartHeapWriter {
    private final ByteArrayOutputStream classes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream objects = new ByteArrayOutputStream();
    private final ByteArrayOutputStream external = new ByteArrayOutputStream();
    private final List<Long> hashes = new ArrayList<>();
    private int classCount;
    private int objectCount;
    private long referenceCount;
    private int externalCount;
    private String name = "main";
    private long shallowSize = 1000, capacity = 2000, externalSize = 0;

    DartHeapWriter header(String isolateName, long shallow, long cap, long ext) {
        name = isolateName;
        shallowSize = shallow;
        capacity = cap;
        externalSize = ext;
        return this;
    }

    /** Adds a class; fields are {slot, name} pairs in file order. Returns the file class id (1-origin). */
    int addClass(String className, String libraryName, String libraryUri, Object... slotAndName) {
        uleb(classes, 0);
        utf8(classes, className);
        utf8(classes, libraryName);
        utf8(classes, libraryUri);
        utf8(classes, "");
        uleb(classes, slotAndName.length / 2);
        for (int i = 0; i < slotAndName.length; i += 2) {
            uleb(classes, 1);
            uleb(classes, ((Number) slotAndName[i]).longValue());
            utf8(classes, (String) slotAndName[i + 1]);
            utf8(classes, "");
        }
        return ++classCount;
    }

    /** Adds an object; data is the encoded NonReferenceData (see the data* methods); refs are file ids. Returns its file id. */
    int addObject(int classId, long shallow, byte[] data, long hash, long... refs) {
        uleb(objects, classId);
        uleb(objects, shallow);
        objects.writeBytes(data);
        uleb(objects, refs.length);
        for (long r : refs) uleb(objects, r);
        referenceCount += refs.length;
        hashes.add(hash);
        return ++objectCount;
    }

    void addExternal(long objectId, long size, String propertyName) {
        uleb(external, objectId);
        uleb(external, size);
        utf8(external, propertyName);
        externalCount++;
    }

    byte[] bytes(boolean withHashes) {
        var out = new ByteArrayOutputStream();
        out.writeBytes("dartheap".getBytes(StandardCharsets.ISO_8859_1));
        uleb(out, 0);
        utf8(out, name);
        uleb(out, shallowSize);
        uleb(out, capacity);
        uleb(out, externalSize);
        uleb(out, classCount);
        out.writeBytes(classes.toByteArray());
        uleb(out, referenceCount);
        uleb(out, objectCount);
        out.writeBytes(objects.toByteArray());
        uleb(out, externalCount);
        out.writeBytes(external.toByteArray());
        if (withHashes) for (long h : hashes) uleb(out, h);
        return out.toByteArray();
    }

    static byte[] noData() { return new byte[] { 0 }; }

    static byte[] nullData() { return new byte[] { 1 }; }

    static byte[] boolData(boolean b) { return new byte[] { 2, (byte) (b ? 1 : 0) }; }

    /** A Mint: the VM writes it with WriteSigned. */
    static byte[] mintData(long value) {
        var out = new ByteArrayOutputStream();
        uleb(out, 3);
        sleb(out, value);
        return out.toByteArray();
    }

    /** A Smi: the VM writes the machine word unsigned, so a negative Smi is its word's two's complement. */
    static byte[] smiData(long value, int wordBytes) {
        var out = new ByteArrayOutputStream();
        uleb(out, 3);
        uleb(out, wordBytes == 4 ? value & 0xffffffffL : value);
        return out.toByteArray();
    }

    /** Any int as package:vm_service's writer writes it: unsigned LEB128 of the 64-bit value. */
    static byte[] unsignedIntData(long value) {
        var out = new ByteArrayOutputStream();
        uleb(out, 3);
        uleb(out, value);
        return out.toByteArray();
    }

    /**
     * A Mint as a package:vm_service re-export holds it: its reader took the VM's signed LEB128 bytes as
     * an unsigned number, and its writer wrote that number back unsigned.
     */
    static byte[] reexportedMintData(long value) {
        var signed = new ByteArrayOutputStream();
        sleb(signed, value);
        long asRead = 0;
        byte[] b = signed.toByteArray();
        for (int i = 0; i < b.length; i++) asRead |= (long) (b[i] & 0x7f) << (7 * i);
        return unsignedIntData(asRead);
    }

    static byte[] doubleData(double d) {
        var out = new ByteArrayOutputStream();
        uleb(out, 4);
        long bits = Double.doubleToRawLongBits(d);
        for (int i = 0; i < 8; i++) out.write((int) (bits >>> (8 * i)));
        return out.toByteArray();
    }

    /** A one-byte string, written up to {@code maxUnits} characters like the VM's 128-element cap. */
    static byte[] latin1Data(String s, int maxUnits) {
        var out = new ByteArrayOutputStream();
        int n = Math.min(s.length(), maxUnits);
        uleb(out, 5);
        uleb(out, s.length());
        uleb(out, n);
        out.writeBytes(s.substring(0, n).getBytes(StandardCharsets.ISO_8859_1));
        return out.toByteArray();
    }

    static byte[] utf16Data(String s, int maxUnits) {
        var out = new ByteArrayOutputStream();
        int n = Math.min(s.length(), maxUnits);
        uleb(out, 6);
        uleb(out, s.length());
        uleb(out, n);
        out.writeBytes(s.substring(0, n).getBytes(StandardCharsets.UTF_16LE));
        return out.toByteArray();
    }

    static byte[] lengthData(long n) {
        var out = new ByteArrayOutputStream();
        uleb(out, 7);
        uleb(out, n);
        return out.toByteArray();
    }

    static byte[] nameData(String s) {
        var out = new ByteArrayOutputStream();
        uleb(out, 8);
        utf8(out, s);
        return out.toByteArray();
    }

    static void uleb(ByteArrayOutputStream out, long v) {
        do {
            int b = (int) (v & 0x7f);
            v >>>= 7;
            out.write(v != 0 ? b | 0x80 : b);
        } while (v != 0);
    }

    static void sleb(ByteArrayOutputStream out, long v) {
        while (true) {
            int b = (int) (v & 0x7f);
            v >>= 7;
            boolean done = (v == 0 && (b & 0x40) == 0) || (v == -1 && (b & 0x40) != 0);
            out.write(done ? b : b | 0x80);
            if (done) return;
        }
    }

    static void utf8(ByteArrayOutputStream out, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        uleb(out, b.length);
        out.writeBytes(b);
    }
}
