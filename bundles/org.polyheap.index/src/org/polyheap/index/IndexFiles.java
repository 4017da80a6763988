package org.polyheap.index;

/** File names inside an index folder; docs/index-format.md describes each. */
final class IndexFiles {
    static final String MANIFEST = "manifest";
    static final String METADATA = "metadata";
    static final String OBJECT_CLASS = "object-class.index";
    static final String OBJECT_SIZE = "object-size.index";
    static final String OBJECT_IDENTITY = "object-identity.index";
    static final String OBJECT_OFFSET = "object-offset.index";
    static final String OBJECT_LABEL = "object-label.index";
    static final String OBJECT_TYPE = "object-type.index";
    static final String OUTBOUND = "outbound.index";
    static final String OUTBOUND_KIND = "outbound-kind.index";
    static final String OUTBOUND_NAME = "outbound-name.index";
    static final String ROOTS = "roots.table";
    static final String CLASSES = "classes.table";
    static final String STRINGS = "strings.table";
    static final String STRING_OFFSETS = "strings.index";
    /** Result groups of the analysis live below this sub-folder. */
    static final String RESULTS = "results";

    private IndexFiles() { }
}
