def log = new File(basedir, 'build.log').text
assert log.contains('Using the MultiThreadedBuilder implementation with a (max) thread count of 2') ||
    log.contains('Using the MultiThreadedBuilder implementation with a thread count of 2')
assert !log.contains('@threadSafe') : 'Maven warns about mojos that are not thread-safe'
assert log.contains('BUILD SUCCESS')
assert new File(basedir, 'westeurope/infra/platform/inference-westeurope/terraform/main.tf').isFile()
assert new File(basedir, 'eastus2/infra/default/minimal/terraform/main.tf').isFile()
// Each module generated only its own cluster.
assert !new File(basedir, 'westeurope/infra/default').exists()
assert !new File(basedir, 'eastus2/infra/platform').exists()
['westeurope', 'eastus2'].each { module ->
  def state = new File(basedir, "${module}/target/modelplane/default.state")
  assert state.isFile() : "${module} saved its state"
}

return true
