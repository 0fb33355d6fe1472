// React Native's own Babel preset, as in a new React Native project.
module.exports = {
  presets: ['module:@react-native/babel-preset'],
};
