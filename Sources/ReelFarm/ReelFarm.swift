import ReelModel
