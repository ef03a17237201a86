import java.text.SimpleDateFormat

// build.log holds both runs, each starting with Maven's "Scanning for projects...".
def runs = new File(basedir, 'build.log').text.split(/(?m)^.*Scanning for projects\.\.\.$/).drop(1)
assert runs.size() == 2
def (first, second) = runs

def written = (first =~ /Modelplane: (\d+) files? written, 0 unchanged, 0 removed under infra/)
assert written.find()
int count = written.group(1) as int
assert count > 0

// Run 2: one line, nothing written, and not one generator class loaded.
// (run 2's lines start with a time stamp: drop it)
def upToDate = second.readLines().findAll { it.contains('Modelplane: ') }.collect { it.substring(it.indexOf('[INFO]')) }
assert upToDate == ["[INFO] Modelplane: infra is up to date with src/main/modelplane, nothing written (${count} generated files intact)".toString()]
def loaded = second.readLines().findAll { it.contains('[class,load]') }
assert loaded.any { it.contains(' ai.modelplane.maven.GenerateMojo ') } : '-verbose:class was in effect'
def generatorClasses = loaded.findAll {
  it.contains(' com.fasterxml.') || it.contains(' freemarker.') || it.contains(' org.yaml.') ||
      it.contains(' com.networknt.') || it.contains(' ai.modelplane.generator.Generator ') ||
      it.contains(' ai.modelplane.generator.load.')
}
assert generatorClasses.isEmpty() : "an up-to-date run loaded ${generatorClasses}"

// Unchanged mtimes: every generated file (and the state) is older than run 2's first log line.
// (both JVMs run on this machine, in its time zone)
def stamp = second.readLines().find { it =~ /^\d{4}-\d\d-\d\d-\d\d:\d\d:\d\d\.\d{3} / }
assert stamp : 'run 2 logged with time stamps'
def run2Start = new SimpleDateFormat('yyyy-MM-dd-HH:mm:ss.SSS').parse(stamp.substring(0, 23)).time
def state = new File(basedir, 'target/modelplane/default.state')
assert state.lastModified() < run2Start
def outputs = state.readLines().findAll { it.startsWith('output ') }.collect { it.split(' ', 3)[2] }
assert outputs.size() == count
outputs.each {
  def file = new File(basedir, "infra/${it}")
  assert file.lastModified() < run2Start : "${it} was rewritten by the up-to-date run"
}

return true
