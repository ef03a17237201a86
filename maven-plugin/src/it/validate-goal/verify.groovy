def log = new File(basedir, 'build.log').text
assert log.contains('[INFO] Modelplane: 1 AKSCluster valid in 1 file under src/main/modelplane')
assert log.contains('BUILD SUCCESS')
assert !new File(basedir, 'infra').exists() : 'validate never writes'

return true
