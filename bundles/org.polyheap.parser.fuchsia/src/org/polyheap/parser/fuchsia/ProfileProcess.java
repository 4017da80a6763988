package org.polyheap.parser.fuchsia;

/**
 * One process of a multi-process heapdump ({@code ffx profile heapdump … --multi-process}): its koid,
 * name, and how many samples and bytes it holds in the profile. Immutable.
 */
public record ProfileProcess(long koid, String name, long samples, long bytes) {

    /** {@code name[koid]: N samples, B bytes}, as the importer's warning lists processes. */
    public String describe() { return name + "[" + koid + "]: " + samples + " samples, " + bytes + " bytes"; }
}
