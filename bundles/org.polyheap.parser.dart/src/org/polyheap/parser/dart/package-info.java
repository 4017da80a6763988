/** Reads Dart VM heap snapshots ({@code dartheap}) into a snapshot sink; see docs/formats/dart.md. */
package org.polyheap.parser.dart;
