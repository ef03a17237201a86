// -Dmodelplane.targets=bicep: the Bicep root and modules only.
def root = new File(basedir, 'infra/platform/inference-westeurope/bicep')
assert new File(root, 'main.bicep').isFile()
assert new File(basedir, 'infra/modules/bicep').isDirectory()
assert !new File(basedir, 'infra/platform/inference-westeurope/terraform').exists() : 'only bicep was asked for'
assert !new File(basedir, 'infra/modules/terraform').exists()
def log = new File(basedir, 'build.log').text
assert log =~ /Modelplane: \d+ files? written, 0 unchanged, 0 removed under infra/
def state = new File(basedir, 'target/modelplane/default.state').text
assert state.contains(' platform/inference-westeurope/bicep/main.bicep\n')

return true
