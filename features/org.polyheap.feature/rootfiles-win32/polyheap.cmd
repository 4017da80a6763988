@echo off
rem Polyheap launcher for Windows, at the root of the installed product: the Windows twin of the
rem Linux script "polyheap" (docs/build.md, "The launchers", compares the two line by line).
rem   polyheap                      the desktop application (javaw.exe; the command returns at once)
rem   polyheap FILE...              the desktop application with these snapshots open
rem   polyheap -consoleLog -- FILE  the same in this console (java.exe, Equinox's log), with
rem                                 Equinox/launcher options before the --
rem   polyheap <subcommand> ARGS    the headless command (plain JVM, no window), e.g. polyheap --help
rem Java: JAVA_HOME (a Java >= 25), else java on PATH, else the first JDK 25+ under %ProgramFiles%\
rem Eclipse Adoptium, Java, Microsoft, Zulu, Amazon Corretto or BellSoft.
rem Environment: POLYHEAP_JAVA_OPTS (JVM options; default -XX:MaxRAMPercentage=70), POLYHEAP_XMX (heap
rem limit, e.g. 8g). Without POLYHEAP_XMX in the environment, the heap limit set in the window's
rem preferences applies: the last line POLYHEAP_XMX=<size> of %XDG_CONFIG_HOME%\polyheap\polyheap.conf,
rem else of %USERPROFILE%\.config\polyheap\polyheap.conf (parsed, not run).
rem Plain cmd only (no findstr, where or PowerShell); no "(...)" block holds a path, which may have
rem parentheses (C:\Program Files (x86)\...).
setlocal EnableExtensions DisableDelayedExpansion
set "home=%~dp0"
set "home=%home:~0,-1%"
set "first=%~1"

set "jdk="
if defined JAVA_HOME call :try_home "%JAVA_HOME%"
set "onpath="
for %%i in (java.exe) do set "onpath=%%~$PATH:i"
if not defined jdk if defined onpath call :try_java "%onpath%"
if not defined jdk for %%v in ("Eclipse Adoptium" "Java" "Microsoft" "Zulu" "Amazon Corretto" "BellSoft") do if not defined jdk call :try_vendor "%ProgramFiles%\%%~v"
if not defined jdk goto :no_jdk
if not exist "%home%\plugins\" goto :broken

rem less loop unrolling, no partial peeling, smaller inlining: the JIT's work is half of a first open's CPU (as the Linux launcher)
set "opts=-XX:MaxRAMPercentage=70"
if defined POLYHEAP_JAVA_OPTS set "opts=%POLYHEAP_JAVA_OPTS%"
rem the headless command with the throughput collector unless POLYHEAP_JAVA_OPTS chooses (the Linux script says why)
set "headless_gc=-XX:+UseParallelGC -XX:InitialRAMPercentage=4"
if defined POLYHEAP_JAVA_OPTS set "headless_gc="
set "opts=-XX:LoopUnrollLimit=16 -XX:-PartialPeelLoop -XX:FreqInlineSize=200 %opts% --enable-native-access=ALL-UNNAMED"
set "xmx=%POLYHEAP_XMX%"
if defined POLYHEAP_XMX goto :xmx_known
set "conf=%USERPROFILE%\.config\polyheap\polyheap.conf"
if defined XDG_CONFIG_HOME set "conf=%XDG_CONFIG_HOME%\polyheap\polyheap.conf"
if exist "%conf%" for /f "usebackq tokens=1,2* delims== " %%a in ("%conf%") do if "%%a"=="POLYHEAP_XMX" if "%%c"=="" call :xmx_line "%%b"
:xmx_known
if defined xmx set "opts=%opts% -Xmx%xmx%"

set "sep="
if not defined first goto :desktop
if "%first%"=="-h" goto :help
if "%first%"=="--help" goto :help
if "%first%"=="help" goto :help
if "%first:~0,1%"=="-" goto :desktop
rem the application opens what follows -- (as with the Linux script)
set "sep=--"
if exist "%first%" goto :desktop
call :is_subcommand
if defined subcommand goto :headless
goto :desktop

:help
call :class_path
"%jdk%\bin\java.exe" %headless_gc% %opts% -cp "%cp%" org.polyheap.report.cli.Main --help
exit /b %ERRORLEVEL%

:headless
call :class_path
"%jdk%\bin\java.exe" %headless_gc% %opts% -cp "%cp%" org.polyheap.report.cli.Main %*
exit /b %ERRORLEVEL%

:desktop
set "launcher="
pushd "%home%\plugins"
for %%j in (org.eclipse.equinox.launcher_*.jar) do if not defined launcher set "launcher=%%~fj"
popd
if not defined launcher goto :broken
set "state=%LOCALAPPDATA%\polyheap"
if not exist "%state%\" mkdir "%state%"
rem read-only install (Program Files): a private configuration over the shared one
set "jvm="
set "args="
copy /y nul "%home%\configuration\.polyheap-writable" >nul 2>&1
if exist "%home%\configuration\.polyheap-writable" goto :writable
rem (not set "x=..." here: its inner quotes would leave %home% unquoted)
set jvm="-Dosgi.sharedConfiguration.area=%home%\configuration" -Dosgi.configuration.cascaded=true
set args=-configuration "%state%\configuration"
goto :configured
:writable
del "%home%\configuration\.polyheap-writable"
:configured
if /i "%first%"=="-consoleLog" goto :desktop_console
start "Polyheap" "%jdk%\bin\javaw.exe" %opts% %jvm% -jar "%launcher%" -install "%home%" %args% -data "%state%\workspace" -nosplash %sep% %*
exit /b %ERRORLEVEL%
:desktop_console
"%jdk%\bin\java.exe" %opts% %jvm% -jar "%launcher%" -install "%home%" %args% -data "%state%\workspace" -nosplash %sep% %*
exit /b %ERRORLEVEL%

:is_subcommand
rem sets subcommand when first is a word as the Linux script's ^[a-z][a-z0-9-]*$: lowercase
rem (unchanged by lowering, as %x:A=a% replaces both cases), only a-z 0-9 - (nothing left once they
rem are taken out; # keeps the variable defined), and not starting with a digit
set "subcommand="
set "lower=%first%"
for %%c in (a b c d e f g h i j k l m n o p q r s t u v w x y z) do call set "lower=%%lower:%%c=%%c%%"
if not "%lower%"=="%first%" exit /b 0
set "left=#%first%"
for %%c in (a b c d e f g h i j k l m n o p q r s t u v w x y z 0 1 2 3 4 5 6 7 8 9 -) do call set "left=%%left:%%c=%%"
if not "%left%"=="#" exit /b 0
for %%c in (0 1 2 3 4 5 6 7 8 9) do if "%first:~0,1%"=="%%c" exit /b 0
set "subcommand=1"
exit /b 0

:class_path
rem the pure-Java bundles and their libraries are plain jars too: no OSGi needed
set "cp="
pushd "%home%\plugins"
for %%j in (org.polyheap.*.jar it.unimi.dsi.fastutil_*.jar com.google.protobuf_*.jar) do call :add_jar "%%~fj" "%%~nxj"
rem the query engine's bundles (Apache Calcite and what it loads), as the Linux script's query_bundles
for %%j in (org.apache.calcite.*.jar wrapped.org.apache.calcite.*.jar wrapped.org.apache.httpcomponents.core5.*.jar com.google.guava_*.jar com.google.guava.failureaccess_*.jar org.codehaus.janino.*.jar slf4j.api_*.jar slf4j.nop_*.jar com.fasterxml.jackson.core.jackson-*.jar) do call :add_jar "%%~fj" "%%~nxj"
for %%j in (org.apache.commons.lang3_*.jar org.apache.commons.commons-codec_*.jar org.apache.commons.math3_*.jar org.apache.commons.text_*.jar org.apache.commons.commons-io_*.jar org.jooq.joou-java-6_*.jar json-path_*.jar net.minidev.*.jar) do call :add_jar "%%~fj" "%%~nxj"
for %%j in (org.locationtech.*.jar wrapped.org.locationtech.*.jar com.googlecode.json-simple_*.jar wrapped.com.google.uzaygezen.*.jar wrapped.com.yahoo.datasketches.*.jar) do call :add_jar "%%~fj" "%%~nxj"
popd
exit /b 0

:add_jar
rem %1: a jar, %2: its name; org.polyheap.ui is not on the headless class path
set "name=%~2"
if /i "%name:~0,16%"=="org.polyheap.ui_" exit /b 0
if /i "%name:~0,16%"=="org.polyheap.ui." exit /b 0
if defined cp set "cp=%cp%;%~1"
if not defined cp set "cp=%~1"
exit /b 0

:xmx_line
rem %1: the value of a POLYHEAP_XMX= line; kept when it is a heap size as the Linux script's sed
rem accepts: [1-9][0-9]* and one optional unit k, m, g or t (either case)
set "v=%~1"
if not defined v exit /b 0
set "n=%v%"
for %%u in (k K m M g G t T) do if "%v:~-1%"=="%%u" set "n=%v:~0,-1%"
if not defined n exit /b 0
if "%n:~0,1%"=="0" exit /b 0
set "left=#%n%"
for %%c in (0 1 2 3 4 5 6 7 8 9) do call set "left=%%left:%%c=%%"
if not "%left%"=="#" exit /b 0
set "xmx=%v%"
exit /b 0

:try_home
rem %1: a Java home; sets jdk to it when it is a Java >= 25 (JAVA_VERSION of its release file, or java -version)
if not exist "%~1\bin\java.exe" exit /b 0
set "version="
set "major=0"
if exist "%~1\release" for /f "usebackq tokens=1,2 delims==" %%a in ("%~1\release") do if "%%a"=="JAVA_VERSION" set "version=%%~b"
if not defined version for /f "tokens=1-3" %%a in ('call "%~1\bin\java.exe" -version 2^>^&1') do if "%%b"=="version" set "version=%%~c"
if defined version for /f "tokens=1 delims=.-+_" %%m in ("%version%") do set "major=%%m"
set /a "major=major" 2>nul
if %major% GEQ 25 set "jdk=%~1"
exit /b 0

:try_vendor
rem %1: a vendor's folder under Program Files: each JDK in it tried as a Java home
if not exist "%~1\" exit /b 0
pushd "%~1"
for /d %%d in (*) do if not defined jdk call :try_home "%%~fd"
popd
exit /b 0

:try_java
rem %1: the java.exe on PATH (maybe an installer's shim): its home is the java.home it reports
for /f "tokens=1,* delims== " %%a in ('call "%~1" -XshowSettings:properties -version 2^>^&1') do if "%%a"=="java.home" call :try_home "%%b"
exit /b 0

:no_jdk
>&2 echo polyheap: needs Java 25 or newer (a JDK or JRE, 64-bit); none found in JAVA_HOME
>&2 echo   ("%JAVA_HOME%"), on PATH, or under "%ProgramFiles%".
>&2 echo Install Eclipse Temurin 25: winget install EclipseAdoptium.Temurin.25.JDK, or the .msi from
>&2 echo https://adoptium.net; or set JAVA_HOME to a JDK 25.
if not defined first pause
exit /b 1

:broken
>&2 echo polyheap: "%home%\plugins" has no equinox launcher: broken install
if not defined first pause
exit /b 1
