package org.polyheap.product;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.polyheap.product.Products.Platform;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The layout of each platform's archive: its launcher, executable; its SWT fragment and no other
 * platform's bundle; config.ini and bundles.info naming bundles that are there; its README; the
 * runtime of linux x86_64; the bundle around the product on macOS; CRLF in the Windows script.
 */
class ProductArchivesTest {

    @ParameterizedTest
    @MethodSource("org.polyheap.product.Products#platforms")
    void launcherIsThereAndExecutable(Platform p) throws IOException {
        try (FileSystem zip = Products.open(p)) {
            Path launcher = zip.getPath(p.launcher());
            assertTrue(Files.isRegularFile(launcher), p + ": no " + p.launcher());
            String text = Files.readString(launcher, StandardCharsets.UTF_8);
            if (p.windows()) {
                assertTrue(text.startsWith("@echo off\r\n"), "polyheap.cmd starts with @echo off");
                assertFalse(text.replace("\r\n", "").contains("\n"), "polyheap.cmd has a line without CRLF (.gitattributes)");
                assertTrue(text.contains("org.polyheap.report.cli.Main"), "polyheap.cmd runs the headless command");
            } else {
                Set<PosixFilePermission> perms = Products.permissions(launcher);
                assertTrue(perms.containsAll(Set.of(PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_EXECUTE,
                        PosixFilePermission.OTHERS_EXECUTE)), p + ": " + p.launcher() + " is not executable: " + perms);
                assertTrue(text.startsWith(p.mac() ? "#!/bin/bash\n" : "#!/usr/bin/env bash\n"), p + ": shebang");
                assertTrue(text.contains("org.polyheap.report.cli.Main"), "the launcher runs the headless command");
            }
            if (!p.mac() && !p.windows()) {
                assertTrue(Files.isRegularFile(zip.getPath("polyheap/lib/jdk.sh")), p + ": no lib/jdk.sh");
            }
            // no other platform's launcher
            for (Platform other : Products.PLATFORMS) {
                if (!other.launcher().equals(p.launcher())) {
                    assertFalse(Files.exists(zip.getPath(other.launcher())), p + " has " + other.launcher());
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("org.polyheap.product.Products#platforms")
    void swtFragmentOfThisPlatformAndNoOther(Platform p) throws IOException {
        try (FileSystem zip = Products.open(p)) {
            List<String> swt = new ArrayList<>();
            for (String name : pluginNames(zip, p)) {
                if (name.startsWith("org.eclipse.swt.") && !name.equals("org.eclipse.swt.svg")) swt.add(name);
                assertFalse(ofAnotherPlatform(name, p), p + ": plugins/ has " + name + ", a bundle for another platform");
            }
            assertEquals(List.of(p.swtFragment()), swt, p + ": the SWT fragments in plugins/");
            assertTrue(pluginNames(zip, p).contains("org.eclipse.swt"), p + ": no org.eclipse.swt");
        }
    }

    @ParameterizedTest
    @MethodSource("org.polyheap.product.Products#platforms")
    void configurationNamesTheBundlesOfThisPlatform(Platform p) throws IOException {
        try (FileSystem zip = Products.open(p)) {
            Path install = zip.getPath(p.install());
            Properties config = new Properties();
            try (Reader r = Files.newBufferedReader(install.resolve("configuration/config.ini"))) {
                config.load(r);
            }
            assertEquals("org.polyheap.ui.product", config.getProperty("eclipse.product"));
            assertEquals("org.polyheap.ui.application", config.getProperty("eclipse.application"));
            String framework = config.getProperty("osgi.framework", "").replaceFirst("^file:", "");
            assertTrue(framework.startsWith("plugins/org.eclipse.osgi_") && Files.isRegularFile(install.resolve(framework)),
                    p + ": osgi.framework " + framework);
            String configurator = config.getProperty("osgi.bundles", "").replaceFirst("^reference:file:", "").replaceFirst("@.*", "");
            assertTrue(Files.isRegularFile(install.resolve("plugins").resolve(configurator)), p + ": osgi.bundles " + configurator);

            Map<String, String> bundles = new HashMap<>(); // symbolic name -> location
            for (String line : Products.lines(install.resolve("configuration/org.eclipse.equinox.simpleconfigurator/bundles.info"))) {
                if (line.startsWith("#")) continue;
                String[] f = line.split(",");
                bundles.put(f[0], f[2]);
                assertTrue(Files.exists(install.resolve(f[2])), p + ": bundles.info names " + f[2] + ", which is not there");
                assertFalse(ofAnotherPlatform(f[0], p), p + ": bundles.info names " + f[0] + ", a bundle for another platform");
            }
            for (String needed : List.of(p.swtFragment(), "org.eclipse.swt", "org.eclipse.swt.svg", "org.polyheap.ui",
                    "org.polyheap.report", "org.polyheap.parser.hprof", "org.polyheap.parser.v8", "org.polyheap.parser.dart",
                    "org.polyheap.parser.fuchsia", "org.polyheap.acquire", "it.unimi.dsi.fastutil", "com.google.protobuf", "org.apache.felix.scr",
                    "org.eclipse.equinox.event", "org.apache.aries.spifly.dynamic.bundle", "org.eclipse.e4.ui.css.swt.theme",
                    "org.eclipse.equinox.launcher")) {
                assertTrue(bundles.containsKey(needed), p + ": bundles.info lacks " + needed);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("org.polyheap.product.Products#platforms")
    void readmeForThisPlatform(Platform p) throws IOException {
        try (FileSystem zip = Products.open(p)) {
            String readme = Files.readString(zip.getPath(p.readme()), StandardCharsets.UTF_8);
            String title = switch (p.id()) {
                case "linux.gtk.x86_64" -> "Polyheap for Linux x86-64";
                case "linux.gtk.aarch64" -> "Polyheap for Linux aarch64";
                case "win32.win32.x86_64" -> "Polyheap for Windows x64";
                default -> "Polyheap for macOS";
            };
            assertTrue(readme.startsWith(title), p + ": README starts with " + readme.lines().findFirst().orElse(""));
        }
    }

    @ParameterizedTest
    @MethodSource("org.polyheap.product.Products#platforms")
    void onlyLinuxX8664CarriesARuntime(Platform p) throws IOException {
        try (FileSystem zip = Products.open(p)) {
            Path runtime = zip.getPath(p.install(), "runtime");
            if (!p.equals(Products.LINUX_X86_64)) {
                assertFalse(Files.exists(runtime), p + " has a runtime/ (jlink can only make one for the build's platform)");
                return;
            }
            Path java = runtime.resolve("bin/java");
            assertTrue(Files.isRegularFile(java) && Products.permissions(java).contains(PosixFilePermission.OWNER_EXECUTE),
                    "runtime/bin/java missing or not executable");
            Properties release = new Properties();
            try (Reader r = Files.newBufferedReader(runtime.resolve("release"))) {
                release.load(r);
            }
            assertTrue(release.getProperty("JAVA_VERSION", "").matches("\"2[5-9].*"), "runtime/release: " + release);
            Set<String> modules = new TreeSet<>(List.of(release.getProperty("MODULES", "").replace("\"", "").split(" ")));
            assertTrue(modules.containsAll(Set.of("java.base", "java.desktop", "java.xml", "jdk.unsupported")), "modules " + modules);
            assertFalse(modules.contains("jdk.compiler") || modules.contains("jdk.jshell"), "a whole JDK, not only what is used: " + modules);
        }
    }

    @Test
    void macBundlesHaveInfoPlistIconAndLauncher() throws Exception {
        for (Platform p : Products.PLATFORMS) {
            if (!p.mac()) continue;
            try (FileSystem zip = Products.open(p)) {
                Path contents = zip.getPath("Polyheap.app/Contents");
                Map<String, String> plist = plist(contents.resolve("Info.plist"));
                assertEquals("APPL", plist.get("CFBundlePackageType"), p + ": Info.plist");
                assertEquals("Polyheap", plist.get("CFBundleName"), p + ": Info.plist");
                assertEquals("org.polyheap.Polyheap", plist.get("CFBundleIdentifier"), p + ": Info.plist");
                assertTrue(plist.get("CFBundleShortVersionString").matches("\\d+\\.\\d+\\.\\d+"), p + ": version " + plist);
                Path executable = contents.resolve("MacOS").resolve(plist.get("CFBundleExecutable"));
                assertTrue(Files.isRegularFile(executable) && Products.permissions(executable).contains(PosixFilePermission.OWNER_EXECUTE),
                        p + ": CFBundleExecutable " + executable + " missing or not executable");
                String launcher = Files.readString(executable, StandardCharsets.UTF_8);
                for (String needed : List.of("-XstartOnFirstThread", "/usr/libexec/java_home -v 25+", "home=$contents/Eclipse")) {
                    assertTrue(launcher.contains(needed), p + ": the launcher lacks " + needed);
                }
                Path icon = contents.resolve("Resources").resolve(plist.get("CFBundleIconFile"));
                byte[] icns = Files.readAllBytes(icon);
                assertEquals("icns", new String(icns, 0, 4, StandardCharsets.US_ASCII), p + ": " + icon + " is no icns file");
                assertEquals(icns.length, ((icns[4] & 0xff) << 24) | ((icns[5] & 0xff) << 16) | ((icns[6] & 0xff) << 8) | (icns[7] & 0xff),
                        p + ": the icns header's length");
                // nothing but Contents/ in the bundle
                try (Stream<Path> top = Files.list(zip.getPath("Polyheap.app"))) {
                    assertEquals(List.of("Contents"), top.map(f -> f.getFileName().toString().replace("/", "")).toList());
                }
            }
        }
    }

    /** The plugin symbolic names in the archive's plugins/ (jar or folder). */
    static Set<String> pluginNames(FileSystem zip, Platform p) throws IOException {
        try (Stream<Path> plugins = Files.list(zip.getPath(p.install(), "plugins"))) {
            return plugins.map(f -> f.getFileName().toString().replace("/", "").replaceFirst("_[0-9]+\\.[0-9]+\\.[0-9]+.*", ""))
                    .collect(java.util.stream.Collectors.toCollection(TreeSet::new));
        }
    }

    /** Whether a symbolic name has a segment naming another platform's os, ws or arch. */
    static boolean ofAnotherPlatform(String name, Platform p) {
        Set<String> others = new TreeSet<>();
        for (Platform o : Products.PLATFORMS) others.addAll(List.of(o.os(), o.ws(), o.arch()));
        others.removeAll(List.of(p.os(), p.ws(), p.arch()));
        for (String segment : name.split("\\.")) if (others.contains(segment)) return true;
        return false;
    }

    /** The string (and true/false) values of a plist's top dictionary. */
    static Map<String, String> plist(Path file) throws Exception {
        var factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Element dict = null;
        try (var in = Files.newInputStream(file)) {
            var doc = factory.newDocumentBuilder().parse(in);
            dict = (Element) doc.getDocumentElement().getElementsByTagName("dict").item(0);
        }
        Map<String, String> values = new HashMap<>();
        String key = null;
        for (Node n = dict.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (!(n instanceof Element e)) continue;
            if (e.getTagName().equals("key")) key = e.getTextContent();
            else if (key != null) values.put(key, e.getTagName().equals("string") ? e.getTextContent() : e.getTagName());
        }
        return values;
    }
}
