package org.polyheap.parser.fuchsia;

import java.nio.file.Path;

import org.polyheap.model.SnapshotFormatException;

/**
 * Checks the cross references of a decoded {@link Profile} (string indices, location, mapping and
 * function ids) once, so the rest of the importer can index arrays without further checks. Names
 * the byte offset of the message that holds the bad reference. Linear in the profile size.
 */
record ProfileCheck(Path file, Profile p) {

    void run() throws SnapshotFormatException {
        if (!p.strings[0].isEmpty()) throw new SnapshotFormatException(file, p.firstStringAt, "string table does not start with \"\"");
        for (int i = 0; i < p.sampleTypes.size(); i++) str(p.sampleTypes.getInt(i), p.sampleTypeAt.getLong(i / 2), "sample type"); // type and unit per message
        str(p.defaultSampleType, p.defaultSampleTypeAt, "default sample type");
        for (int s = 0; s < p.sampleCount(); s++) {
            long offset = p.sampleOffset.getLong(s);
            for (int l = p.sampleLabelStart.getInt(s); l < p.sampleLabelStart.getInt(s + 1); l++) {
                str(p.labelKey.getInt(l), offset, "label key");
                str(p.labelStr.getInt(l), offset, "label value");
            }
            for (int k = p.sampleLocStart.getInt(s); k < p.sampleLocStart.getInt(s + 1); k++) {
                int id = p.sampleLocIds.getInt(k);
                if (p.locationIndex.get(id) < 0) {
                    throw new SnapshotFormatException(file, offset, "sample refers to location id " + id + ", which is not defined");
                }
            }
        }
        for (int m = 0; m < p.mappingId.size(); m++) {
            str(p.mappingFilename.getInt(m), p.mappingAt.getLong(m), "mapping " + p.mappingId.getInt(m) + " file name");
            str(p.mappingBuildId.getInt(m), p.mappingAt.getLong(m), "mapping " + p.mappingId.getInt(m) + " build id");
        }
        for (int f = 0; f < p.functionId.size(); f++) {
            long at = p.functionAt.getLong(f);
            str(p.functionName.getInt(f), at, "function " + p.functionId.getInt(f) + " name");
            str(p.functionSystemName.getInt(f), at, "function " + p.functionId.getInt(f) + " system name");
            str(p.functionFilename.getInt(f), at, "function " + p.functionId.getInt(f) + " file name");
        }
        for (int l = 0; l < p.locationId.size(); l++) {
            int mapping = p.locationMapping.getInt(l);
            // mapping_id 0: the ffx writer's "address in no known region"
            if (mapping != 0 && p.mappingIndex.get(mapping) < 0) {
                throw new SnapshotFormatException(file, p.locationAt.getLong(l), "location " + p.locationId.getInt(l) + " refers to mapping id "
                        + mapping + ", which is not defined");
            }
            for (int k = p.locationLineStart.getInt(l); k < p.locationLineStart.getInt(l + 1); k++) {
                if (p.functionIndex.get(p.lineFunction.getInt(k)) < 0) {
                    throw new SnapshotFormatException(file, p.locationAt.getLong(l), "location " + p.locationId.getInt(l)
                            + " refers to function id " + p.lineFunction.getInt(k) + ", which is not defined");
                }
            }
        }
    }

    private void str(int id, long offset, String what) throws SnapshotFormatException {
        if (id < 0 || id >= p.strings.length) {
            throw new SnapshotFormatException(file, offset, what + " refers to string index " + id
                    + ", but the string table has " + p.strings.length + " entries");
        }
    }
}
