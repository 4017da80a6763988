/**
 * Imports Fuchsia heapdump snapshots (pprof profiles written by {@code ffx profile heapdump}, with
 * their optional block-contents folder) and other pprof heap profiles; see docs/formats/fuchsia.md.
 */
package org.polyheap.parser.fuchsia;
