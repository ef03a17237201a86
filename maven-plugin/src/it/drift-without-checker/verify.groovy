def log = new File(basedir, 'build.log').text
// The invoker filled in the plugin's version; the snippet must carry the same one.
def version = (new File(basedir, 'pom.xml').text =~ /<version>([^<]+)<\/version>\s*<\/plugin>/)[0][1]
assert log.contains('BUILD FAILURE')
assert log.contains("Add the drift checker to the plugin's dependencies: the drift goal needs ai.modelplane:modelplane-drift-checker")
def snippet = """\
[ERROR]   <plugin>
[ERROR]     <groupId>ai.modelplane</groupId>
[ERROR]     <artifactId>modelplane-maven-plugin</artifactId>
[ERROR]     <version>${version}</version>
[ERROR]     <dependencies>
[ERROR]       <dependency>
[ERROR]         <groupId>ai.modelplane</groupId>
[ERROR]         <artifactId>modelplane-drift-checker</artifactId>
[ERROR]         <version>${version}</version>
[ERROR]       </dependency>
[ERROR]     </dependencies>
[ERROR]   </plugin>"""
assert log.contains(snippet)
assert !(log =~ /(?m)^\s+at [a-z]+\./) : 'no stack trace'

return true
