package org.polyheap.parser.fuchsia;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.polyheap.model.SnapshotFormatException;

/**
 * Which process of a multi-process profile ({@code ffx ... --multi-process}: every sample carries
 * {@code process_koid} and {@code process_name} labels) becomes the snapshot. The {@code process}
 * option names a koid; without it the process with the most bytes is taken (the first on a tie).
 * Single-process profiles have one unnamed process with koid -1. Immutable.
 *
 * @param koid      the chosen process's koid, or -1 for a single-process profile
 * @param processes every process in file order
 */
record ProcessChoice(long koid, List<ProfileProcess> processes) {

    boolean multiProcess() { return koid != -1; }

    ProfileProcess chosen() {
        for (ProfileProcess p : processes) if (p.koid() == koid) return p;
        throw new IllegalStateException();
    }

    /** True when sample {@code s} belongs to the chosen process. */
    boolean includes(Profile p, int s, int koidKey) {
        if (!multiProcess()) return true;
        int l = p.label(s, koidKey);
        return l >= 0 && p.labelNum.getLong(l) == koid;
    }

    static ProcessChoice of(Path file, Profile p, int sizeColumn, String option) throws SnapshotFormatException {
        int koidKey = p.findString("process_koid"), nameKey = p.findString("process_name");
        Map<Long, long[]> stats = new LinkedHashMap<>();
        Map<Long, String> names = new LinkedHashMap<>();
        if (koidKey > 0) {
            for (int s = 0; s < p.sampleCount(); s++) {
                int l = p.label(s, koidKey);
                if (l < 0) continue;
                long koid = p.labelNum.getLong(l);
                long[] st = stats.computeIfAbsent(koid, k -> new long[2]);
                st[0]++;
                st[1] += p.value(s, sizeColumn);
                int n = nameKey > 0 ? p.label(s, nameKey) : -1;
                if (n >= 0) names.putIfAbsent(koid, p.string(p.labelStr.getInt(n)));
            }
        }
        if (stats.isEmpty()) {
            return new ProcessChoice(-1, List.of(new ProfileProcess(-1, "", p.sampleCount(), 0)));
        }
        List<ProfileProcess> all = new ArrayList<>();
        stats.forEach((k, st) -> all.add(new ProfileProcess(k, names.getOrDefault(k, "?"), st[0], st[1])));
        if (option != null) {
            long wanted;
            try {
                wanted = Long.parseLong(option.trim());
            } catch (NumberFormatException e) {
                throw new SnapshotFormatException(file, -1, "option process=" + option + " is not a koid");
            }
            if (!stats.containsKey(wanted)) {
                throw new SnapshotFormatException(file, -1, "no process with koid " + wanted + " in this profile; it has "
                        + String.join("; ", all.stream().map(ProfileProcess::describe).toList()));
            }
            return new ProcessChoice(wanted, all);
        }
        ProfileProcess best = all.get(0);
        for (ProfileProcess q : all) if (q.bytes() > best.bytes()) best = q;
        return new ProcessChoice(best.koid(), all);
    }
}
