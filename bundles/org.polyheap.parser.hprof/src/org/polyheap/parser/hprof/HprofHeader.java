package org.polyheap.parser.hprof;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.polyheap.model.SnapshotFormatException;

/**
 * The file header: {@code JAVA PROFILE 1.0.x}, a NUL, the id size and the dump time in ms.
 *
 * @param version   "1.0.1", "1.0.2" or "1.0.3"
 * @param idSize    4 or 8
 * @param timestamp ms since the epoch
 * @param length    bytes of the header
 */
record HprofHeader(String version, int idSize, long timestamp, long length) {
    static final String MAGIC = "JAVA PROFILE 1.0.";

    static HprofHeader read(RecordInput in, Path file) throws IOException, SnapshotFormatException {
        byte[] text = new byte[32];
        int n = 0;
        int b;
        try {
            while ((b = in.u1()) != 0) {
                if (n == text.length) throw new SnapshotFormatException(file, 0, "not an HPROF file: no header terminator");
                text[n++] = (byte) b;
            }
        } catch (java.io.EOFException e) {
            throw new SnapshotFormatException(file, 0, "not an HPROF file: " + n + " bytes without a header terminator");
        }
        String magic = new String(text, 0, n, StandardCharsets.ISO_8859_1);
        if (!magic.startsWith(MAGIC)) throw new SnapshotFormatException(file, 0, "not an HPROF file: header is not " + MAGIC + "x");
        String version = magic.substring("JAVA PROFILE ".length());
        if (!version.equals("1.0.1") && !version.equals("1.0.2") && !version.equals("1.0.3")) {
            throw new SnapshotFormatException(file, 0, "unsupported HPROF version " + version);
        }
        long idAt = in.position();
        int idSize = in.i4();
        if (idSize != 4 && idSize != 8) {
            throw new SnapshotFormatException(file, idAt, "identifier size " + idSize + " (only 4 and 8 exist)");
        }
        in.idSize(idSize);
        long timestamp = in.i8();
        return new HprofHeader(version, idSize, timestamp, in.position());
    }
}
