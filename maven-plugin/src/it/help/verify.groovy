def log = new File(basedir, 'build.log').text
assert log.contains('modelplane:generate')
['sources', 'outputDirectory', 'targets', 'failOnWarning', 'skip'].each {
  assert log.contains("User property: modelplane.${it}") : "help documents ${it}"
}

return true
