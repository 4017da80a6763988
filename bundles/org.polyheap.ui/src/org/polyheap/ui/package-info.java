/**
 * The Polyheap desktop application (3.x workbench RCP). {@code application}: start-up, window,
 * menus; {@code editor}: one editor per open snapshot; {@code actions}: menu actions. The UI only
 * presents: parsing and analysis live in the pure-Java bundles and run off the UI thread.
 */
package org.polyheap.ui;
