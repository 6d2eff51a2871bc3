import { describe, expect, it } from 'vitest';
import { COMMON_SEGMENTS, servedSegments, TYPE_SEGMENTS } from '../../../src/vrobots/index.js';
import {
  cameraFrameBytes,
  cameraKey,
  cameraResolution,
  checkKeySegment,
  checkSysId,
  cmdKey,
  DISCOVERY_KEY_EXPR,
  estimateKey,
  framesKey,
  keyInfo,
  MANAGER_CREATE_KEY,
  MANAGER_DELETE_KEY,
  SCENE_FRAME_KEY,
  SWARM_STATE_KEY_EXPR,
  srvKey,
  stateKey,
} from '../../../src/vrobots/keys.js';
import { catalogKeys, creatableTypes, parseRobotType, robotTypeInfo } from '../../../src/vrobots/robot-type.js';

describe('vrobots keys', () => {
  it('are byte-exact', () => {
    expect(stateKey(4000000000)).toBe('vrobots/4000000000/z/state');
    expect(cmdKey(7)).toBe('vrobots/7/z/cmd');
    expect(framesKey(7)).toBe('vrobots/7/z/frames');
    expect(estimateKey(7)).toBe('vrobots/7/z/estimate');
    expect(srvKey(7, 'reset')).toBe('vrobots/7/z/srv/reset');
    expect(srvKey(0, 'cartpole')).toBe('vrobots/0/z/srv/cartpole');
    expect(MANAGER_CREATE_KEY).toBe('vrobots/manager/z/srv/create');
    expect(MANAGER_DELETE_KEY).toBe('vrobots/manager/z/srv/delete');
    expect(SCENE_FRAME_KEY).toBe('vrobots/scene/z/srv/frame');
    expect(cameraKey(7, 'front', '720p', 'rgba8')).toBe('vrobots/7/i/cam/front/720p_rgba8');
    expect(DISCOVERY_KEY_EXPR).toBe('vrobots/**');
    expect(SWARM_STATE_KEY_EXPR).toBe('vrobots/*/z/state');
  });

  it("name a camera stream's resolution the vendor's way", () => {
    expect(cameraResolution(1280, 720)).toEqual({ ok: true, value: '720p' });
    expect(cameraFrameBytes('720p', 'rgba8')).toBe(1280 * 720 * 4);
    const r = cameraResolution(1280, 720);
    if (!r.ok) throw new Error(r.error.message);
    expect(cameraKey(3, 'nose', r.value, 'rgba8')).toBe('vrobots/3/i/cam/nose/720p_rgba8');
    const odd = cameraResolution(640, 481);
    expect(!odd.ok && odd.error.name).toBe('InvalidArgument');
  });

  it('list the common and type-only segments', () => {
    expect(COMMON_SEGMENTS).toEqual(['activate', 'reset', 'params', 'skin', 'sensors', 'frames', 'cameras']);
    expect(TYPE_SEGMENTS).toEqual(['drive', 'rotors', 'msd', 'cartpole']);
  });

  it('validate sys_ids as u32', () => {
    for (const good of [0, 1, 122, 0xffffffff]) expect(checkSysId(good).ok).toBe(true);
    for (const bad of [-1, 0x100000000, 1.5, Number.NaN, '7', undefined]) {
      const r = checkSysId(bad, 'sysId');
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/^sysId: /);
    }
    expect(checkKeySegment('front_cam-1', 'name').ok).toBe(true);
    for (const bad of ['', 'a/b', 'a*', '$x', 'a b']) expect(checkKeySegment(bad, 'name').ok).toBe(false);
  });

  it('parse keys into owner, transport and subject', () => {
    expect(keyInfo('vrobots/7/z/state')).toEqual({ ok: true, value: { owner: 7, transport: 'z', subject: 'state' } });
    expect(keyInfo('vrobots/7/z/srv/reset')).toMatchObject({ value: { subject: 'srv/reset' } });
    expect(keyInfo(MANAGER_CREATE_KEY)).toMatchObject({ value: { owner: 'manager', subject: 'srv/create' } });
    expect(keyInfo(SCENE_FRAME_KEY)).toMatchObject({ value: { owner: 'scene', subject: 'srv/frame' } });
    expect(keyInfo('vrobots/7/i/cam/front/720p_rgba8')).toMatchObject({
      value: { owner: 7, transport: 'i', subject: 'cam/front/720p_rgba8' },
    });
    for (const bad of [
      'vrobots/7/z',
      'robots/7/z/state',
      'vrobots/07/z/state',
      'vrobots/4294967296/z/state',
      'vrobots/x/z/state',
      'vrobots/7/q/state',
      'vrobots/*/z/state',
      'vrobots/7//state',
    ]) {
      const r = keyInfo(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) {
        expect(r.error.name).toBe('InvalidArgument');
        expect(r.error.message).toContain(bad);
      }
    }
  });
});

describe('robot types', () => {
  it('parse catalog keys and aliases, any case', () => {
    expect(parseRobotType('multirotor')).toEqual({ ok: true, value: 'multirotor' });
    expect(parseRobotType(' Car ')).toEqual({ ok: true, value: 'truck' });
    expect(parseRobotType('RQ4B')).toEqual({ ok: true, value: 'globalhawk' });
    expect(parseRobotType('cartpole')).toEqual({ ok: true, value: 'cartpole' });
  });

  it('refuse an unknown name listing the catalog', () => {
    const r = parseRobotType('x');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.name).toBe('InvalidArgument');
      expect(r.error.message).toContain("unknown robot type 'x'");
      expect(r.error.message).toContain('multirotor, truck, msd, cartpole, halfdrone, globalhawk');
    }
  });

  it('know which types are creatable and what each serves', () => {
    expect(catalogKeys()).toHaveLength(7);
    expect(creatableTypes()).toEqual(['multirotor', 'truck', 'msd', 'arm']);
    expect(servedSegments('multirotor')).toContain('rotors');
    expect(servedSegments('truck')).toContain('drive');
    expect(servedSegments('msd')).toContain('msd');
    expect(servedSegments('cartpole')).toContain('cartpole');
    expect(servedSegments('halfdrone')).toEqual(COMMON_SEGMENTS);
    expect(servedSegments('globalhawk')).toEqual(COMMON_SEGMENTS);
    expect(robotTypeInfo('cartpole').creatable).toBe(false);
  });
});
