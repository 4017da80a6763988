/** Java HPROF heap dumps: {@link org.polyheap.parser.hprof.HprofParser}; format notes in docs/formats/hprof.md. */
package org.polyheap.parser.hprof;
