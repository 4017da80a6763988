package org.polyheap.report.table;

/**
 * One column of a {@link Table}.
 *
 * @param key   JSON key (camelCase, part of the documented schema in docs/cli.md)
 * @param title header for CSV, HTML and the UI
 * @param kind  how values are typed and rendered
 */
public record Column(String key, String title, Kind kind) {

    /** Value kinds: TEXT is a String, COUNT and BYTES are Long (exact integers), FLAG a Boolean. */
    public enum Kind { TEXT, COUNT, BYTES, FLAG, PERCENT }

    public static Column text(String key, String title) { return new Column(key, title, Kind.TEXT); }

    public static Column count(String key, String title) { return new Column(key, title, Kind.COUNT); }

    public static Column bytes(String key, String title) { return new Column(key, title, Kind.BYTES); }

    public static Column flag(String key, String title) { return new Column(key, title, Kind.FLAG); }

    public static Column percent(String key, String title) { return new Column(key, title, Kind.PERCENT); }
}
