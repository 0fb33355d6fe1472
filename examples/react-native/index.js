// The app's entry point, as in a React Native project: registers the root component.
import { AppRegistry } from 'react-native';
import { App } from './src/app';

AppRegistry.registerComponent('PartnerAssistantChat', () => App);
