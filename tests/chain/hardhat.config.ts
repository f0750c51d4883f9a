import { defineConfig } from 'hardhat/config';
export default defineConfig({});
