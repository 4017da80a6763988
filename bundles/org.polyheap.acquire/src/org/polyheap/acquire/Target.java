package org.polyheap.acquire;

import java.net.URI;

/**
 * Something a snapshot can be taken of.
 *
 * @param kind     the runtime and protocol
 * @param pid      the process id, or -1 when unknown (a page of a browser, a Dart VM given by URI)
 * @param title    what the user recognizes: a JVM's main class or jar, a Node script, a page's title, "Dart VM"
 * @param detail   one more line: JDK version, the inspector's address, a page's URL, the VM's version
 * @param endpoint the WebSocket a V8 or Dart target speaks on, the {@code /json/list} base of a browser; null for a JVM
 *                 and for a Node process without an inspector
 * @param targetId the CDP target id (pages); else ""
 * @param ready    false for a Node process that has no inspector yet: SIGUSR1 opens one, after the user agrees
 */
public record Target(Kind kind, long pid, String title, String detail, URI endpoint, String targetId, boolean ready) {

    /** The kinds of target, each with its protocol and the file it gives. */
    public enum Kind {
        /** A local HotSpot JVM: Attach API, {@code GC.heap_dump}; an HPROF file. */
        JVM("JVM", ".hprof"),
        /** A Node.js process with an inspector: CDP {@code HeapProfiler}; a {@code .heapsnapshot}. */
        NODE("Node.js", ".heapsnapshot"),
        /** A Chrome, Edge or Electron page or worker on a remote-debugging port: CDP; a {@code .heapsnapshot}. */
        CDP("Page", ".heapsnapshot"),
        /** A Dart VM service: {@code requestHeapSnapshot}; a {@code .dartheap}. */
        DART("Dart VM", ".dartheap");

        private final String label;
        private final String extension;

        Kind(String label, String extension) {
            this.label = label;
            this.extension = extension;
        }

        /** "JVM", "Node.js", "Page", "Dart VM". */
        public String label() { return label; }

        /** The file extension of its snapshots, with the dot. */
        public String extension() { return extension; }
    }

    /** How the command names this target: {@code --pid 4242}, {@code --inspector ws://…}, {@code --cdp URL --target ID}, {@code --dart-vm URI}. */
    public String commandLine() {
        return switch (kind) {
            case JVM -> "--pid " + pid;
            case NODE -> ready ? "--inspector " + endpoint : "--pid " + pid + " --signal";
            case CDP -> "--cdp " + Endpoints.httpBase(endpoint) + " --target " + targetId;
            case DART -> "--dart-vm " + endpoint;
        };
    }
}
