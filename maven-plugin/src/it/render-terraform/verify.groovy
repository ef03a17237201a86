import groovy.io.FileType

// Layout contract (design.md): infra/<namespace>/<name>/terraform/ composes infra/modules/terraform/.
def root = new File(basedir, 'infra/platform/inference-westeurope/terraform')
['terraform.tf', 'providers.tf', 'main.tf', 'outputs.tf'].each {
  assert new File(root, it).isFile() : "missing ${root}/${it}"
}
assert new File(basedir, 'infra/modules/terraform').isDirectory()
assert !new File(basedir, 'infra/platform/inference-westeurope/bicep').exists() : 'only terraform was asked for'
assert new File(root, 'main.tf').text.contains('src/main/modelplane/inference-westeurope.yaml') : 'the header names the source'

def log = new File(basedir, 'build.log').text
def summary = log =~ /Modelplane: (\d+) files? written, 0 unchanged, 0 removed under infra/
assert summary.find() : 'the one-line summary of what was written'
int written = summary.group(1) as int

// The state the next run compares with lists exactly the files written, each still there.
def state = new File(basedir, 'target/modelplane/default.state').readLines()
assert state[0] == 'modelplane-generation-state 1'
def outputs = state.findAll { it.startsWith('output ') }.collect { it.split(' ', 3)[2] }
assert outputs.size() == written
outputs.each { assert new File(basedir, "infra/${it}").isFile() : "listed but missing: ${it}" }
assert outputs.contains('platform/inference-westeurope/terraform/main.tf')
assert !log.contains('BUILD FAILURE')

return true
