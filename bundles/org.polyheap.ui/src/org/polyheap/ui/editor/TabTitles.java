package org.polyheap.ui.editor;

import java.nio.file.Path;
import java.util.Collection;

/**
 * The titles of the snapshot editors' tabs. A tab too narrow for its title keeps only its start
 * ("dart-sass-ia3…"), so files whose names begin alike would read the same: such a title drops the
 * shared start and keeps the part that tells it apart ("…a-tiny.dartheap.gz", "…d-after-gc.dartheap.gz");
 * two files of one name get their folder's name after it, as Eclipse does. The tab's tooltip keeps the
 * full path. O(open files × name length).
 */
final class TabTitles {
    /** About what a squeezed tab still shows ("dart-sass-ia3"): a shorter shared start is seen to differ. */
    static final int SHOWN_CHARS = 12;

    private TabTitles() { }

    /** The tab title of {@code file} among the files of the open editors ({@code open}, which may include it). */
    static String title(Path file, Collection<Path> open) {
        String name = file.getFileName().toString();
        int common = 0;
        boolean sameName = false;
        for (Path other : open) {
            if (other.equals(file)) continue;
            String o = other.getFileName().toString();
            if (o.equals(name)) sameName = true;
            else common = Math.max(common, commonPrefix(name, o));
        }
        if (sameName) {
            Path folder = file.toAbsolutePath().getParent();
            return folder == null || folder.getFileName() == null ? name : name + " \u2014 " + folder.getFileName();
        }
        if (common < SHOWN_CHARS) return name;
        int start = common; // back to the start of the word that differs: "a-tiny", not "-tiny"
        while (start > 0 && Character.isLetterOrDigit(name.charAt(start - 1))) start--;
        return start < 4 ? name : "\u2026" + name.substring(start);
    }

    private static int commonPrefix(String a, String b) {
        int n = Math.min(a.length(), b.length()), i = 0;
        while (i < n && a.charAt(i) == b.charAt(i)) i++;
        return i;
    }
}
