def log = new File(basedir, 'build.log').text
def skipped = log.readLines().findAll { it.contains('Modelplane: skipped (modelplane.skip is true)') }
assert skipped.size() == 2 : "validate and generate each report the skip once, got ${skipped.size()}"
assert !log.contains('Fix the AKSCluster YAML') : 'a skipped goal must not read the YAML'
assert !new File(basedir, 'infra').exists() : 'a skipped generate must not write'
assert !new File(basedir, 'target/modelplane').exists()

return true
