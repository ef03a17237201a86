def runs = new File(basedir, 'build.log').text.split(/(?m)^.*Scanning for projects\.\.\.$/).drop(1)
assert runs.size() == 4
def (generate, fresh, edited, nested) = runs

assert generate =~ /Modelplane: \d+ files? written/
// Check on fresh output passes and names what it compared.
assert fresh =~ /\[INFO\] Modelplane: infra matches src\/main\/modelplane \(\d+ generated files\)/
assert fresh.contains('BUILD SUCCESS')
// No <targets>: check compares what infra/.modelplane/manifest records, Terraform only here.
assert fresh.contains('[INFO] Modelplane: checking terraform, as recorded in infra/.modelplane/manifest')

// After the edit: fails, names the stale files and the command that fixes them, writes nothing.
assert edited.contains('BUILD FAILURE')
assert edited =~ /Run `mvn modelplane:generate` and commit the result: \d+ generated files? under \.\.\/infra (is|are) out of date with src\/main\/modelplane/
def listed = edited.readLines().findAll { it =~ /^\[ERROR\]   \.\.\/infra\// }.collect { it.substring('[ERROR]   ../infra/'.length()) }
// maxNodeCount of pool gpuh100 lives in that pool's own root file.
assert listed.contains('platform/inference-westeurope/terraform/main.pool-gpuh100.tf') : "stale files listed: ${listed}"
assert listed.every { !it.startsWith('modules/') } : 'a value change must not touch the shared modules'
assert listed.every { it.contains('/terraform/') || it == '.modelplane/manifest' } : "only Terraform: ${listed}"
assert !edited.contains('/bicep/')
assert !edited.contains('see above')
assert !(edited =~ /(?m)^\s+at [a-z]+\./) : 'no stack trace'
// The same YAML reached from another project folder: its headers match, nothing is stale.
assert nested.contains('BUILD SUCCESS') : nested
assert nested =~ /\[INFO\] Modelplane: \.\.\/infra matches \.\.\/src\/main\/modelplane \(\d+ generated files\)/

// check writes nothing: every generated file is as old as the state generate saved.
def state = new File(basedir, 'target/modelplane/default.state')
state.readLines().findAll { it.startsWith('output ') }.each {
  assert new File(basedir, "infra/${it.split(' ', 3)[2]}").lastModified() <= state.lastModified()
}

return true
